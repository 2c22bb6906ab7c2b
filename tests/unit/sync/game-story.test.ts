/** Pulling a game's whole story page by page into the mirror, and what the mirror then tells. */
import { describe, expect, it } from 'vitest';
import type { Game, GameEvent } from '../../../src/contract/game';
import type { GameStoryPage } from '../../../src/contract/game-story';
import { gameStoryView } from '../../../src/db/queries/game-story';
import { openDatabase } from '../../../src/db/schema';
import { applyIncrement } from '../../../src/game/counters';
import { createStoryLoader } from '../../../src/sync/actions/game-story';
import type { SyncContext } from '../../../src/sync/engine/context';
import { fourPlayerGame } from '../game/helpers';

/** A game of `count` life taps: the game (its 25 newest) and its whole story, newest first. */
function tapped(count: number, from: Game = fourPlayerGame(), earlier: GameEvent[] = []): { game: Game; story: GameEvent[] } {
  let game = from;
  const story = [...earlier];
  for (let i = 0; i < count; i += 1) {
    game = applyIncrement(game, { id: crypto.randomUUID(), seat: 0, counter: 'life', delta: -1 });
    story.unshift(game.events[0]!);
  }
  return { game, story };
}

function setUp() {
  const db = openDatabase(`story-${crypto.randomUUID()}`);
  const server = { story: [] as GameEvent[], requests: [] as string[] };
  const ctx = {
    db,
    api: {
      async request(_method: string, path: string): Promise<GameStoryPage> {
        server.requests.push(path);
        const url = new URL(path, 'http://x');
        const before = Number(url.searchParams.get('before') ?? Infinity);
        const limit = Number(url.searchParams.get('limit'));
        const all = server.story.map((event, i) => ({ position: server.story.length - i, event }));
        const entries = all.filter((entry) => entry.position < before).slice(0, limit);
        const oldest = entries.at(-1);
        return { entries, next: oldest && oldest.position > 1 ? oldest.position : null };
      },
    },
    kick() {},
  } as unknown as SyncContext;
  return { db, server, loader: createStoryLoader(ctx) };
}

describe('the whole story on the device', () => {
  it('goes back page by page to the first entry, and later only as far as it must', async () => {
    const { db, server, loader } = setUp();
    let { game, story } = tapped(250);
    server.story = story;
    await db.games.put(game);
    expect(await gameStoryView(db, game.id)).toMatchObject({ complete: false });

    expect(await loader.load(game.id)).toBe('complete');
    expect(server.requests.map((path) => new URL(path, 'http://x').search)).toEqual(['?limit=100', '?limit=100&before=151', '?limit=100&before=51']);
    const view = (await gameStoryView(db, game.id))!;
    expect(view.complete).toBe(true);
    expect(view.entries.map((event) => event.id)).toEqual(story.map((event) => event.id));

    // 40 more changes, more than the game keeps: until the next load the device shows a gap.
    ({ game, story } = tapped(40, game, story));
    server.story = story;
    await db.games.put(game);
    expect((await gameStoryView(db, game.id))!.complete).toBe(false);
    server.requests = [];
    expect(await loader.load(game.id)).toBe('complete');
    // The newest page reaches entries the device holds, with none missing below: one request.
    expect(server.requests).toHaveLength(1);
    const later = (await gameStoryView(db, game.id))!;
    expect(later.complete).toBe(true);
    expect(later.entries.map((event) => event.id)).toEqual(story.map((event) => event.id));
  });

  it('knows a game that never logged more than 25 is whole without asking', async () => {
    const { db } = setUp();
    const { game } = tapped(24);
    await db.games.put(game);
    expect(await gameStoryView(db, game.id)).toMatchObject({ complete: true, entries: game.events });
  });
});
