/** Live reads of the deck mirror for the Decks tab, the Profile tab's select and the dashboard. */
import { useLiveQuery } from 'dexie-react-hooks';
import { outboxEntriesFor } from '../../db/queries';
import type { DeckRow, OutboxEntry, PodTableDB } from '../../db/schema';
import { db } from '../../sync/app';

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Every deck in the mirror (queued and failed ones too), by name as a person sorts. */
export async function sortedDecks(database: PodTableDB): Promise<DeckRow[]> {
  const decks = await database.decks.toArray();
  return decks.sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** undefined while the first read runs. */
export function useDecks(): DeckRow[] | undefined {
  return useLiveQuery(() => sortedDecks(db), []);
}

/**
 * The refused write about this deck (a create's entry id is the deck id; an edit's is not):
 * undefined while reading, null when there is none.
 */
export function useFailedDeckWrite(deckId: string): OutboxEntry | null | undefined {
  return useLiveQuery(async () => (await outboxEntriesFor(db, 'decks', deckId)).find((entry) => entry.status === 'failed') ?? null, [deckId]);
}
