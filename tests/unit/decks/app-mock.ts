/**
 * Stand-in for src/sync/app in the deck component tests: a fresh fake-indexeddb mirror per
 * test file and spy actions. The deck and profile writes run the real optimistic code
 * (src/sync/actions/writes and src/mutations: the mutations' client side) against that mirror with a sender that never
 * sends, so a test sees exactly what a user sees right after saving offline.
 * Use: vi.mock('../../../src/sync/app', () => import('./app-mock')).
 */
import { vi } from 'vitest';
import type { DeckInput } from '../../../src/contract/decks';
import type { UpdateMeBody } from '../../../src/contract/users';
import { openDatabase, type CardRow, type DeckRow, type PodTableDB } from '../../../src/db/schema';
import { writeSession } from '../../../src/db/session';
import type { ApiClient } from '../../../src/sync/engine/api';
import type { SyncContext } from '../../../src/sync/engine/context';
import type { PullState } from '../../../src/sync/engine/pull';
import type { CommanderSearchResult } from '../../../src/sync/actions/card-search';
import { mutateAndSend, saveDeck } from '../../../src/sync/actions/writes';

export const db: PodTableDB = openDatabase(`decks-test-${crypto.randomUUID()}`);

const ctx: SyncContext = {
  db,
  api: {
    request: async () => {
      throw new Error('The deck tests never talk to a server.');
    },
  } as unknown as ApiClient,
  kick: () => undefined,
};

const realSaveDeck = (input: DeckInput, existingId?: string) => saveDeck(ctx, input, existingId);
const realDeleteDeck = (id: string) => mutateAndSend(ctx, 'deck.delete', { id });
const realSaveProfile = (patch: UpdateMeBody) => mutateAndSend(ctx, 'profile.update', patch);
const noCards = async (_query: string, _partner?: boolean): Promise<CommanderSearchResult> => ({ cards: [], offline: false });

export const actions = {
  /** The one write action: handed to the spy of its kind below, so a test names the write it expects. */
  mutate: vi.fn(async (name: string, input: unknown): Promise<unknown> => {
    if (name === 'deck.delete') return actions.deleteDeck((input as { id: string }).id);
    if (name === 'profile.update') return actions.saveProfile(input as UpdateMeBody);
    throw new Error(`the deck tests have no spy for ${name}`);
  }),
  saveDeck: vi.fn(realSaveDeck),
  deleteDeck: vi.fn(realDeleteDeck),
  saveProfile: vi.fn(realSaveProfile),
  searchCommanders: vi.fn(noCards),
  pullList: vi.fn(async (): Promise<void> => undefined),
  retryWrite: vi.fn(async (_id: string): Promise<void> => undefined),
  discardWrite: vi.fn(async (_id: string): Promise<void> => undefined),
};

export const ME = 'me';

/** Empties the mirror, signs in a user without a default deck, resets the spies. */
export async function resetApp(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  await writeSession(db, { userId: ME, token: 'tkn', paused: false });
  await db.users.put({ id: ME, username: 'ana', displayName: 'Ana', email: 'ana@example.test', avatarUrl: null, defaultDeckId: null });
  actions.saveDeck.mockReset().mockImplementation(realSaveDeck);
  actions.deleteDeck.mockReset().mockImplementation(realDeleteDeck);
  actions.saveProfile.mockReset().mockImplementation(realSaveProfile);
  actions.searchCommanders.mockReset().mockImplementation(noCards);
  actions.pullList.mockReset().mockResolvedValue(undefined);
  actions.retryWrite.mockReset().mockResolvedValue(undefined);
  actions.discardWrite.mockReset().mockResolvedValue(undefined);
}

export async function setDecksPull(state: PullState): Promise<void> {
  await db.meta.put({ key: 'pull:sync', value: state });
}
export const loaded = (): PullState => ({ loadedAt: Date.now(), error: null });

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

export function card(name: string, typeLine: string | null = 'Legendary Creature', kind: CardRow['kind'] = 'commander'): CardRow {
  return { name, kind, typeLine, imageUrl: null, search: name.toLowerCase() };
}
