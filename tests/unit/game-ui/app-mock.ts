/**
 * Stand-in for src/sync/app in the wizard and playmat tests: a fresh fake-indexeddb mirror
 * per test file, and spy actions. The game actions run the real optimistic writes of
 * src/sync/actions/games.ts against that mirror with a network that is always down, so a tap
 * really changes the mirror (and queues its write) exactly as it does at a table with no signal.
 * Use: vi.mock('../../../src/sync/app', () => import('./app-mock')).
 */
import { vi } from 'vitest';
import { createGameBody, type CreateGameInput, type Game } from '../../../src/contract/game';
import type { PublicUser } from '../../../src/contract/users';
import { openDatabase, type DeckRow, type PodRow, type PodTableDB } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';
import { layoutFor } from '../../../src/game/layouts';
import { startGame } from '../../../src/game/start';
import type { PullState } from '../../../src/sync/engine/pull';
import * as games from '../../../src/sync/actions/games';
import { offlineContext } from '../offline-context';

export const db: PodTableDB = openDatabase(`game-ui-test-${crypto.randomUUID()}`);

const offlineCtx = offlineContext(db);

export const live = { status: 'open', subscribe: () => () => undefined };
export const startSync = vi.fn();

export const actions = {
  refreshCurrentUser: vi.fn(async (): Promise<unknown> => 'offline'),
  countUnsent: vi.fn(async () => 0),
  logout: vi.fn(async () => undefined),
  pullList: vi.fn(async (): Promise<void> => undefined),
  pullGame: vi.fn(async (_gameId: string): Promise<void> => undefined),
  loadOlderGames: vi.fn(async (_podId?: string): Promise<string> => 'more'),
  retryWrite: vi.fn(async (_id: string): Promise<void> => undefined),
  discardWrite: vi.fn(async (_id: string): Promise<void> => undefined),
  searchUsers: vi.fn(async (_q: string): Promise<PublicUser[]> => []),
  searchCommanders: vi.fn(async (_q: string, _partner?: boolean) => ({ cards: [], offline: false })),
  createGame: vi.fn((input: Omit<CreateGameInput, 'id'>) => games.createGame(offlineCtx, input)),
  changeCounter: vi.fn((gameId: string, change: Parameters<typeof games.changeCounter>[2]) => games.changeCounter(offlineCtx, gameId, change)),
  passTurn: vi.fn((gameId: string) => games.passTurn(offlineCtx, gameId)),
  undoLastChange: vi.fn((gameId: string) => games.undoLastChange(offlineCtx, gameId)),
  setGameStatus: vi.fn((gameId: string, status: 'ACTIVE' | 'FINISHED') => games.setGameStatus(offlineCtx, gameId, status)),
  updateGame: vi.fn((gameId: string, change: Parameters<typeof games.updateGame>[2]) => games.updateGame(offlineCtx, gameId, change)),
};

/** The real implementations, restored by resetApp after a test replaced one. */
const implementations = Object.fromEntries(Object.entries(actions).map(([name, spy]) => [name, spy.getMockImplementation()]));

export const me: PublicUser = { id: 'u-ana', username: 'ana', displayName: 'Ana', avatarUrl: null };
export const bo: PublicUser = { id: 'u-bo', username: 'bo', displayName: 'Bo', avatarUrl: null };
export const cy: PublicUser = { id: 'u-cy', username: 'cy', displayName: 'Cy', avatarUrl: null };
export const dee: PublicUser = { id: 'u-dee', username: 'dee', displayName: null, avatarUrl: null };

/** Empties the mirror, signs Ana in (token too, for the route guard), resets the spies. */
export async function resetApp(options: { defaultDeckId?: string | null } = {}): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.setItem('token', 'tkn');
  await writeSession(db, { userId: me.id, token: 'tkn', paused: false });
  await db.users.put({ ...me, email: 'ana@example.test', defaultDeckId: options.defaultDeckId ?? null });
  for (const [name, spy] of Object.entries(actions)) {
    spy.mockReset();
    const implementation = implementations[name];
    if (implementation) (spy as { mockImplementation(fn: unknown): unknown }).mockImplementation(implementation);
  }
}

export async function setPull(key: string, state: PullState): Promise<void> {
  await db.meta.put({ key, value: state });
}
export const loaded = (): PullState => ({ loadedAt: Date.now(), error: null });
export const failedPull = (error = 'Network down'): PullState => ({ loadedAt: null, error });

export function pod(patch: Partial<PodRow> & Pick<PodRow, 'id' | 'name'>): PodRow {
  return { ownerId: me.id, createdById: me.id, members: [me], createdAt: '2026-01-01T00:00:00.000Z', ...patch };
}

export function deck(patch: Partial<DeckRow> & Pick<DeckRow, 'id' | 'name'>): DeckRow {
  return {
    description: null,
    commander: null,
    hasPartner: false,
    partnerCommander: null,
    externalLinks: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

export const GAME_ID = '00000000-0000-4000-8000-000000000042';

/**
 * Ana (seat 0, Atraxa), Bo (seat 1, Tymna // Thrasios), Cy (seat 2, Kenrith), Dee (guest,
 * seat 3, Edgar Markov) on quad-grid; Ana goes first. Stored in the mirror as synced.
 */
export async function seedGame(): Promise<Game> {
  const body = createGameBody.parse({
    id: GAME_ID,
    layoutPreset: 'quad-grid',
    seats: layoutFor(4, 'quad-grid').seats,
    activeSeat: 0,
    participants: [
      { seatNumber: 0, role: 'self', displayName: 'Ana', userId: me.id, deckName: 'Superfriends', commanderName: 'Atraxa' },
      { seatNumber: 1, role: 'friend', displayName: 'Bo', userId: bo.id, deckName: 'Blitz', commanderName: 'Tymna', partnerCommanderName: 'Thrasios' },
      { seatNumber: 2, role: 'pod', displayName: 'Cy', userId: cy.id, deckName: 'Knights', commanderName: 'Kenrith' },
      { seatNumber: 3, role: 'guest', displayName: 'Dee', guestName: 'Dee', accountEmail: 'dee@example.test', deckName: 'Vampires', commanderName: 'Edgar Markov' },
    ],
  });
  const game = startGame(body, { createdById: me.id });
  await db.games.put(game);
  return game;
}
