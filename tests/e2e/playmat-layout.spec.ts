/**
 * The playmat's layout matrix: 2, 3, 4, 5, 6 and 8 players on a 360 × 640 phone held
 * upright and sideways (640 × 360), in the one-phone-in-the-middle view and the my-seat view.
 * For every case, in Chromium: every control and the life number of every tile lie fully inside
 * the viewport and their tile, no two tiles overlap, tap targets are at least 44 px, names show
 * at least their first 8 characters, commanders show whole or not at all, a counter set on each
 * tile is visible without opening anything, chips are at least 14 px and take at most two rows,
 * and −5, +5 and ⋯ sit in the same corners of every face (top right, bottom right, bottom left,
 * as its player reads it). My own tile shows my turn (I start); in the my-seat view it says
 * 'Your turn', and it is upright and the largest. One page per orientation; each case opens a game seeded through
 * the API (the spec's payload alone). Screenshots are kept with the test's output
 * (playmat-<n>p-<orientation>-<view>.png).
 */
import type { Page } from '@playwright/test';
import { expect, registerAndLogin, test, uniqueUser } from './fixtures';

const COUNTS = [2, 3, 4, 5, 6, 8];
const ORIENTATIONS = { portrait: { width: 360, height: 640 }, landscape: { width: 640, height: 360 } } as const;
/** Guests with long names: at least their first 8 characters must show. */
const GUESTS = ['Alexandrina', 'Bartholomew', 'Christopher', 'Dominique', 'Evangeline', 'Maximilian', 'Gwendolyn'];

interface Seeder {
  baseURL: string;
  token: string;
  me: { id: string; username: string };
}

async function api(seed: Seeder, method: string, path: string, body: unknown) {
  const response = await fetch(`${seed.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seed.token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json() as Promise<{ id: string }>;
}

/** A game of `count` players, each with poison on their tile and the first with commander damage from everyone. */
async function seedGame(seed: Seeder, count: number): Promise<string> {
  const participants = [
    { seatNumber: 1, role: 'self', displayName: seed.me.username, userId: seed.me.id, deckName: 'Vampires', commanderName: 'Edgar Markov' },
    ...GUESTS.slice(0, count - 1).map((name, i) => ({
      seatNumber: i + 2,
      role: 'guest',
      displayName: name,
      guestName: name,
      accountEmail: `${name.toLowerCase()}@example.test`,
      deckName: 'Borrowed',
      commanderName: i === 0 ? 'Tymna the Weaver' : 'Kenrith, the Returned King',
      partnerCommanderName: i === 0 ? 'Thrasios, Triton Hero' : null,
    })),
  ];
  const game = await api(seed, 'POST', '/api/games', { podId: null, requiresVerification: false, status: 'ACTIVE', participants });
  for (let seat = 0; seat < count; seat += 1) {
    await api(seed, 'POST', `/api/games/${game.id}/increments`, { id: crypto.randomUUID(), seat, counter: 'poison', delta: seat + 1 });
    if (seat > 0) {
      await api(seed, 'POST', `/api/games/${game.id}/increments`, { id: crypto.randomUUID(), seat: 0, counter: 'commanderDamage', delta: seat, source: { seat, which: 'commander' } });
    }
  }
  return game.id;
}

/** Every rule of the matrix, checked in the page; returns what is wrong (empty: all good). */
function layoutProblems(page: Page, me: string, view: 'middle' | 'mine') {
  return page.evaluate(
    ([myName, shown]) => {
      const problems: string[] = [];
      const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      const E = 0.75;
      type Box = { left: number; top: number; right: number; bottom: number };
      const inside = (a: Box, b: Box) => a.left >= b.left - E && a.top >= b.top - E && a.right <= b.right + E && a.bottom <= b.bottom + E;
      const tiles = Array.from(document.querySelectorAll<HTMLElement>('section.tile'));
      const canvas = document.createElement('canvas').getContext('2d')!;
      /** Where a control sits on its face, as the face's player reads it: the screen turned back by the face's rotation. */
      const corner = (tile: HTMLElement, control: Element, rotation: number) => {
        const t = tile.getBoundingClientRect();
        const c = control.getBoundingClientRect();
        const dx = c.left + c.width / 2 - (t.left + t.width / 2);
        const dy = c.top + c.height / 2 - (t.top + t.height / 2);
        const a = (rotation * Math.PI) / 180;
        const x = dx * Math.cos(a) + dy * Math.sin(a);
        const y = -dx * Math.sin(a) + dy * Math.cos(a);
        return `${y < 0 ? 'top' : 'bottom'} ${x < 0 ? 'left' : 'right'}`;
      };
      const lifeSize = (tile: HTMLElement) => parseFloat(getComputedStyle(tile.querySelector('.life-number')!).fontSize);
      tiles.forEach((tile, i) => {
        const name = tile.querySelector<HTMLElement>('.tile-name')!;
        const who = name.textContent ?? `tile ${i}`;
        const box = tile.getBoundingClientRect();
        if (!inside(box, viewport)) problems.push(`${who}: tile outside the viewport`);
        for (const other of tiles.slice(i + 1)) {
          const o = other.getBoundingClientRect();
          const overlap = Math.max(0, Math.min(box.right, o.right) - Math.max(box.left, o.left)) * Math.max(0, Math.min(box.bottom, o.bottom) - Math.max(box.top, o.top));
          if (overlap > 1) problems.push(`${who} overlaps ${other.querySelector('.tile-name')!.textContent}`);
        }
        for (const control of Array.from(tile.querySelectorAll<HTMLElement>('button'))) {
          const r = control.getBoundingClientRect();
          const label = control.getAttribute('aria-label') ?? control.textContent;
          if (!inside(r, box) || !inside(r, viewport)) problems.push(`${label}: outside its tile or the viewport`);
          if (r.width < 44 - E || r.height < 44 - E) problems.push(`${label}: ${r.width.toFixed(0)}×${r.height.toFixed(0)} px, under 44 px`);
        }
        // The same corners on every face, whatever its arrangement.
        const rotation = Number(/seat-turn--(\d+)/.exec(tile.querySelector('.seat-turn')!.className)![1]);
        const corners = { '.tile-step--minus': 'top right', '.tile-step--plus': 'bottom right', '.tile-more': 'bottom left' } as const;
        for (const [selector, expected] of Object.entries(corners)) {
          const found = corner(tile, tile.querySelector(selector)!, rotation);
          if (found !== expected) problems.push(`${who}: ${selector} at the ${found}, not the ${expected}`);
        }
        const life = tile.querySelector<HTMLElement>('.life-number')!.getBoundingClientRect();
        if (!inside(life, box) || !inside(life, viewport)) problems.push(`${who}: life number outside its tile`);
        if (Math.min(life.width, life.height) < 24) problems.push(`${who}: life number only ${Math.min(life.width, life.height).toFixed(0)} px`);
        // The name's first 8 characters and an ellipsis fit the room the name has (or the whole name does).
        canvas.font = getComputedStyle(name).font;
        const needed = name.scrollWidth <= name.clientWidth ? 0 : canvas.measureText(`${who.slice(0, 8)}\u2026`).width;
        if (needed > name.clientWidth + E) problems.push(`${who}: name cut below 8 characters (${name.clientWidth} px for ${needed.toFixed(0)})`);
        // Commanders whole or not at all: on the line in sight only when the whole text fits it.
        const commanders = tile.querySelector<HTMLElement>('.tile-commanders');
        const text = commanders?.querySelector<HTMLElement>('.tile-commanders-text');
        // Offsets from the same parent (the name block), before the face is turned.
        if (commanders && text && text.offsetTop - commanders.offsetTop < commanders.clientHeight / 2 && text.offsetLeft - commanders.offsetLeft + text.offsetWidth > commanders.clientWidth + E) {
          problems.push(`${who}: commanders cut (${text.textContent})`);
        }
        // The counter set on this tile shows, unopened.
        const poison = Array.from(tile.querySelectorAll<HTMLElement>('.tile-badges .counter-badge')).find((chip) => chip.textContent?.startsWith('Poison'));
        const face = poison?.querySelector<HTMLElement>('.counter-badge-face')?.getBoundingClientRect();
        if (!face || face.width === 0 || !inside(face, box)) problems.push(`${who}: poison badge not visible in the tile`);
        // Chips in words at 14 px or more, never cutting a number, at most two rows (44 px).
        for (const badge of Array.from(tile.querySelectorAll<HTMLElement>('.counter-badge-face'))) {
          if (badge.scrollWidth > badge.clientWidth + 1) problems.push(`${who}: a badge cuts its text (${badge.textContent})`);
          if (parseFloat(getComputedStyle(badge).fontSize) < 14) problems.push(`${who}: a badge under 14 px (${badge.textContent})`);
        }
        const flow = tile.querySelector<HTMLElement>('.badge-flow');
        if (flow && flow.offsetHeight > 44 + E) problems.push(`${who}: badges take ${flow.offsetHeight} px, more than two rows`);
        if (who === myName) {
          // My turn: on my own phone in words; on the smallest faces of the shared phone at least its ▶ (and the ring).
          const turn = tile.querySelector('.counter-badge--turn');
          if (!turn) problems.push(`${who}: my tile does not show my turn`);
          if (shown === 'mine' && turn?.querySelector('.counter-badge-face')?.textContent !== 'Your turn') problems.push(`${who}: my tile does not say 'Your turn'`);
          if (shown === 'mine') {
            if (rotation !== 0) problems.push(`${who}: my tile turned ${rotation}°`);
            for (const other of tiles.filter((t) => t !== tile)) {
              const o = other.getBoundingClientRect();
              if (o.width * o.height >= box.width * box.height) problems.push(`${who}: my tile is not larger than ${other.querySelector('.tile-name')!.textContent}'s`);
              if (lifeSize(other) > lifeSize(tile) + E) problems.push(`${who}: my life number is smaller than ${other.querySelector('.tile-name')!.textContent}'s`);
            }
          }
        } else if (tile.querySelector('.counter-badge--turn')) {
          problems.push(`${who}: says it is their turn`);
        }
      });
      return { tiles: tiles.length, problems };
    },
    [me, view] as const,
  );
}

for (const [orientation, viewport] of Object.entries(ORIENTATIONS)) {
  test(`the playmat layout matrix, ${orientation} ${viewport.width}×${viewport.height}: 2–8 players, both views`, async ({ browser, baseURL }, testInfo) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    const user = uniqueUser('mat');
    await registerAndLogin(page, user);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const me = (await (await fetch(`${baseURL}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string; username: string };
    const seed: Seeder = { baseURL, token, me };

    for (const count of COUNTS) {
      const id = await seedGame(seed, count);
      for (const view of ['middle', 'mine'] as const) {
        await page.evaluate(([gameId, chosen]) => localStorage.setItem(`podtable:table-view:${gameId}`, chosen), [id, view] as const);
        await page.goto(`/game/${id}`);
        await expect(page.locator('section.tile')).toHaveCount(count);
        // The seeded counters are in (the page may first show a copy the live socket brought earlier).
        await expect(page.locator('.counter-badge-face', { hasText: /^Poison \d$/ })).toHaveCount(count);
        await expect(page.getByRole('group', { name: `${me.username} life`, exact: true })).toBeVisible();
        // Every tile of the my-seat view stands upright.
        if (view === 'mine') await expect(page.locator('.seat-turn--90, .seat-turn--180, .seat-turn--270')).toHaveCount(0);
        const result = await layoutProblems(page, me.username, view);
        await page.screenshot({ path: testInfo.outputPath(`playmat-${count}p-${orientation}-${view}.png`) });
        expect(result, `${count} players, ${view} view`).toEqual({ tiles: count, problems: [] });
      }
    }
    await context.close();
  });
}
