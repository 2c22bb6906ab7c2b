/** Screen geometry of the playmat (src/features/game/playmat/table/fit.ts) for every layout, phone both ways. */
import { describe, expect, it } from 'vitest';
import { computedLayout, LAYOUT_PRESETS } from '../../../src/game/layouts';
import { badgeRoom, faceFit, faceOf, lifeEm, middleView, mySeatView, quarterTurn, smallestLife, TAP, type Area, type ScreenTile } from '../../../src/features/game/playmat/table/fit';

/** A 360 × 640 phone with the 48 px game bar on top, and turned (the bar on the side, 60 px). */
const PORTRAIT: Area = { width: 360, height: 592 };
const LANDSCAPE: Area = { width: 580, height: 360 };

const layouts = [...LAYOUT_PRESETS.map((p) => ({ name: p.name, seats: [...p.seats] })), ...[2, 3, 4, 5, 6, 7, 8].map((n) => ({ name: `computed ${n}`, seats: computedLayout(n) }))];

function overlap(a: ScreenTile, b: ScreenTile): boolean {
  const e = 0.01;
  return a.left < b.left + b.width - e && b.left < a.left + a.width - e && a.top < b.top + b.height - e && b.top < a.top + a.height - e;
}

const lifeOf = (tile: ScreenTile) => {
  const face = faceOf(tile);
  return faceFit(face.width, face.height).lifeFont;
};

function expectSound(tiles: ScreenTile[], area: Area) {
  for (const tile of tiles) {
    expect(tile.left).toBeGreaterThanOrEqual(-0.01);
    expect(tile.top).toBeGreaterThanOrEqual(-0.01);
    expect(tile.left + tile.width).toBeLessThanOrEqual(area.width + 0.01);
    expect(tile.top + tile.height).toBeLessThanOrEqual(area.height + 0.01);
    const face = faceOf(tile);
    const fit = faceFit(face.width, face.height);
    expect(fit.fits, `seat ${tile.seat} face ${face.width}×${face.height}`).toBe(true);
    // The badge row holds at least the 44 px commander-damage button.
    expect(badgeRoom(face.width, fit)).toBeGreaterThanOrEqual(TAP);
  }
  tiles.forEach((a, i) => tiles.slice(i + 1).forEach((b) => expect(overlap(a, b), `${a.seat}/${b.seat}`).toBe(false)));
}

describe('faceFit', () => {
  it('picks the arrangement with the bigger life number, and says when a face is too small', () => {
    expect(faceFit(180, 296)).toMatchObject({ mode: 'stacked', fits: true });
    expect(faceFit(120, 237)).toMatchObject({ mode: 'narrow', fits: true });
    expect(faceFit(395, 120)).toMatchObject({ mode: 'side', fits: true });
    expect(faceFit(100, 100).fits).toBe(false);
    // A side face has room for ⋯, the commander-damage button and +5 across its foot.
    expect(faceFit(180, 179)).toMatchObject({ mode: 'side', inlineBadges: false });
    expect(badgeRoom(180, faceFit(180, 179))).toBe(124);
    // Too short for ⋯ over two rows of badges in its lower half: they go between ⋯ and +5.
    expect(faceFit(193, 120)).toMatchObject({ mode: 'side', inlineBadges: true });
    expect(faceFit(180, 147)).toMatchObject({ mode: 'side', inlineBadges: true });
    expect(badgeRoom(193, faceFit(193, 120))).toBe(89);
    expect(faceFit(180, 296)).toMatchObject({ mode: 'stacked', inlineBadges: false });
    expect(badgeRoom(180, faceFit(180, 296))).toBe(172);
    // A wide stacked face puts its badges between ⋯ and +5 and gives the life number their row.
    expect(faceFit(360, 335)).toMatchObject({ mode: 'stacked', inlineBadges: true });
    expect(badgeRoom(360, faceFit(360, 335))).toBe(256);
    // Room for an 8-character name and the controls beside it, or no fit.
    expect(faceFit(140, 120).fits).toBe(false);
    // Longer numbers ('−12', '100') are drawn smaller, never larger.
    expect(faceFit(180, 296, '\u221212').lifeFont).toBeLessThan(faceFit(180, 296, '40').lifeFont);
    expect(faceFit(180, 296, '100').lifeFont).toBeLessThan(faceFit(180, 296, '40').lifeFont);
    expect(lifeEm('\u221212')).toBeGreaterThan(lifeEm('100'));
  });
});

describe('the middle-of-the-table view', () => {
  it.each(layouts.flatMap((layout) => [[layout.name, 'portrait', layout.seats, PORTRAIT] as const, [layout.name, 'landscape', layout.seats, LANDSCAPE] as const]))(
    '%s, %s: every tile inside, none overlapping, every face fits its controls',
    (_name, _orientation, seats, area) => {
      expectSound(middleView(seats, area).tiles, area);
    },
  );

  it('turns the table a quarter when that makes the smallest life bigger, keeping everyone in their place', () => {
    const duo = LAYOUT_PRESETS.find((p) => p.name === 'duo-classic')!.seats;
    // On a phone held sideways the two players face the long edges: the table turns.
    const view = middleView(duo, LANDSCAPE);
    expect(view.turned).toBe(true);
    expect(view.tiles.map((t) => t.rotation)).toEqual([90, 270]);
    expect(smallestLife(view.tiles)).toBeGreaterThan(smallestLife(duo.map((seat) => ({ ...seat, left: 0, top: 0, width: 580, height: 180 }))));
    expect(middleView(duo, PORTRAIT).turned).toBe(false);
    const hexa = LAYOUT_PRESETS.find((p) => p.name === 'hexa-tiered')!.seats;
    // Four turns bring a seat back.
    const seat = hexa[2]!;
    expect(quarterTurn(quarterTurn(quarterTurn(quarterTurn(seat))))).toEqual(seat);
  });

  it('at 4 players on a 360 × 640 phone the default layout shows life at least 110 px high (LifeTrinket: ~110)', () => {
    const quad = LAYOUT_PRESETS.find((p) => p.count === 4)!;
    expect(quad.name).toBe('quad-grid');
    expect(smallestLife(middleView(quad.seats, PORTRAIT).tiles)).toBeGreaterThanOrEqual(110);
  });
});

describe('the my-seat view', () => {
  it.each([2, 3, 4, 5, 6, 7, 8].flatMap((n) => [[n, 'portrait', PORTRAIT] as const, [n, 'landscape', LANDSCAPE] as const]))(
    '%i players, %s: my tile at the bottom, upright and the largest, the others around it, all fitting',
    (n, _orientation, area) => {
      const order = Array.from({ length: n }, (_, i) => i);
      const tiles = mySeatView(order, 2 % n, area);
      expectSound(tiles, area);
      expect(tiles.map((t) => t.seat).sort()).toEqual(order);
      const mine = tiles.find((t) => t.seat === 2 % n)!;
      expect(mine.top + mine.height).toBeCloseTo(area.height);
      expect(tiles.every((t) => t.rotation === 0)).toBe(true);
      // On my own phone my tile is the largest: more room than any other, and a life number at least as big.
      for (const other of tiles.filter((t) => t !== mine)) {
        expect(mine.width * mine.height, `seat ${other.seat}`).toBeGreaterThan(other.width * other.height);
        expect(lifeOf(mine), `seat ${other.seat}`).toBeGreaterThanOrEqual(lifeOf(other));
      }
    },
  );

  it('seats the next player on my left, then around the top, the last one on my right', () => {
    const tiles = mySeatView([0, 1, 2, 3], 1, PORTRAIT);
    const at = (seat: number) => tiles.find((t) => t.seat === seat)!;
    expect(at(2).left).toBe(0); // next after me: my left
    expect(at(3).top).toBe(0); // across
    expect(at(0).left).toBeGreaterThan(0); // before me: my right
    expect(at(0).top).toBe(at(2).top);
    // Five players on a phone held sideways: my tile two cells wide between my neighbours.
    const five = mySeatView([0, 1, 2, 3, 4], 0, LANDSCAPE);
    const me = five.find((t) => t.seat === 0)!;
    expect(five.find((t) => t.seat === 1)!.left).toBe(0);
    expect(five.find((t) => t.seat === 4)!.left).toBeGreaterThan(me.left);
    expect(me.width).toBeCloseTo(LANDSCAPE.width / 2);
  });
});
