// @vitest-environment happy-dom
/**
 * The events sheet's whole story: pages pulled from a stand-in server into the mirror (the real
 * sync action), the list read from the mirror, Undo of an entry long out of the game's 25, and
 * what an offline phone shows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';

vi.mock('../../../src/sync/app', () => import('./app-mock'));

import type { Game, GameEvent } from '../../../src/contract/game';
import type { GameStoryPage } from '../../../src/contract/game-story';
import { EventsSheet } from '../../../src/features/game/playmat/events-sheet';
import { applyIncrement } from '../../../src/game/counters';
import { createStoryLoader, undoStoryEntry } from '../../../src/sync/actions/game-story';
import { NetworkError } from '../../../src/sync/engine/api';
import type { SyncContext } from '../../../src/sync/engine/context';
import { actions, db, GAME_ID, resetApp, seedGame } from './app-mock';

const OLD_ID = '00000000-0000-4000-8000-0000000000a1';
const OLD_TEXT = 'Bo \u22127 (Kenrith\u2019s commander damage from Cy)';

/** Kenrith's 7 to Bo, then 30 taps of −1 on Bo: 31 events, the game keeping the newest 25. */
async function playedGame(): Promise<{ game: Game; story: GameEvent[] }> {
  let game = await seedGame();
  game = applyIncrement(game, { id: OLD_ID, seat: 1, counter: 'commanderDamage', delta: 7, source: { seat: 2, which: 'commander' } });
  const story = [game.events[0]!];
  for (let i = 0; i < 30; i += 1) {
    game = applyIncrement(game, { id: crypto.randomUUID(), seat: 1, counter: 'life', delta: -1 });
    story.unshift(game.events[0]!);
  }
  await db.games.put(game);
  return { game, story };
}

/** A server holding `story` (newest first) that answers GET /api/games/:id/story pages; or none at all. */
function useServer(story: GameEvent[] | null) {
  const requests: string[] = [];
  const ctx: SyncContext = {
    db,
    api: {
      async request(_method: string, path: string) {
        requests.push(path);
        if (!story) throw new NetworkError(new Error('offline'));
        const url = new URL(path, 'http://x');
        const before = Number(url.searchParams.get('before') ?? story.length + 1);
        const limit = Number(url.searchParams.get('limit'));
        const entries = story.map((event, i) => ({ position: story.length - i, event })).filter((entry) => entry.position < before).slice(0, limit);
        const oldest = entries.at(-1);
        const page: GameStoryPage = { entries, next: oldest && oldest.position > 1 ? oldest.position : null };
        return page;
      },
    } as unknown as SyncContext['api'],
    kick() {},
  };
  const loader = createStoryLoader(ctx);
  Object.assign(actions, {
    loadGameStory: vi.fn((gameId: string) => loader.load(gameId)),
    undoStoryEntry: vi.fn((gameId: string, entry: GameEvent) => undoStoryEntry(ctx, gameId, entry)),
  });
  return requests;
}

/** The sheet over the game as the mirror has it, as the playmat renders it. */
function Sheet() {
  const game = useLiveQuery(() => db.games.get(GAME_ID), []);
  return game ? <EventsSheet open events={game.events} turnNumber={game.turnNumber} game={game} onClose={() => undefined} /> : null;
}

async function openStory(): Promise<HTMLElement> {
  render(<Sheet />);
  fireEvent.click(await screen.findByRole('button', { name: 'Whole story' }));
  return screen.findByRole('list', { name: 'The whole story, newest first' });
}

const texts = (list: HTMLElement) => within(list).queryAllByRole('listitem').map((item) => item.querySelector('.event-text')!.textContent);

beforeEach(async () => {
  await resetApp();
});
afterEach(cleanup);

describe('the whole story', () => {
  it('pulls the pages the device lacks and undoes an entry from long before the 25 the game keeps', async () => {
    const { story } = await playedGame();
    const requests = useServer(story);
    const list = await openStory();
    await screen.findByText('The beginning of the game.');
    expect(texts(list)).toHaveLength(31);
    expect(texts(list).at(-1)).toBe(OLD_TEXT);
    expect(texts(list)[0]).toBe('Bo \u22121 (life 3)');
    expect(requests).toEqual([`/api/games/${GAME_ID}/story?limit=100`]);
    expect(await db.gameStory.count()).toBe(31);

    fireEvent.click(within(list).getByRole('button', { name: `Undo: ${OLD_TEXT}` }));
    await waitFor(() => expect(texts(list)[0]).toBe(`Undo: ${OLD_TEXT}`));
    const game = (await db.games.get(GAME_ID))!;
    expect(game.participants[1]).toMatchObject({ lifeTotal: 10, commanderDamage: {} });
    // Queued like any change, naming the entry it undoes; the entry and the undo offer no Undo.
    const [queued] = await db.outbox.toArray();
    expect(queued).toMatchObject({ name: 'game.increment', args: { gameId: GAME_ID, increment: { delta: -7, undoes: OLD_ID } } });
    expect(within(list).queryByRole('button', { name: `Undo: ${OLD_TEXT}` })).toBeNull();
    expect(within(list).queryByRole('button', { name: `Undo: Undo: ${OLD_TEXT}` })).toBeNull();
    expect(within(list).getAllByRole('button', { name: /^Undo: Bo −1/ })).toHaveLength(30);
  });

  it('offline, shows what the device has and says the rest needs a connection', async () => {
    await playedGame();
    useServer(null);
    const list = await openStory();
    await screen.findByText('The rest of the story needs a connection.');
    expect(texts(list)).toHaveLength(25);
    expect(texts(list)).not.toContain(OLD_TEXT);
  });

  it('opens on the recent events, grouped as before', async () => {
    await playedGame();
    const requests = useServer(null);
    render(<Sheet />);
    const recent = await screen.findByRole('list', { name: 'Recent events, newest first' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Recent' }).getAttribute('aria-pressed')).toBe('true');
    expect(requests).toEqual([]);
  });
});
