/**
 * Commander search: online it asks the server and keeps every result in the mirror; offline
 * (or when the service fails) it searches the names seen before. Any name can still be typed
 * by hand: the search only suggests.
 */
import * as z from 'zod/mini';
import { CARD_RESULTS_MAX, cardSummarySchema, COMMANDER_SEARCH_MIN_LENGTH } from '../../contract/cards';
import type { CardRow, PodTableDB } from '../../db/schema';
import { NetworkError } from '../engine/api';
import type { SyncContext } from '../engine/context';

export interface CommanderSearchResult {
  cards: CardRow[];
  /** True when the answer came from the cards seen before, not from the service. */
  offline: boolean;
  /** Why, when `offline`: no connection, or the card service failed (the server answered 5xx). */
  reason?: 'network' | 'service';
}

async function searchLocal(db: PodTableDB, kind: CardRow['kind'], query: string): Promise<CardRow[]> {
  const needle = query.toLowerCase();
  const rows = await db.cards.where('kind').equals(kind).filter((card) => card.search.includes(needle)).toArray();
  return rows.sort((a, b) => a.name.localeCompare(b.name)).slice(0, CARD_RESULTS_MAX);
}

export async function searchCommanders(ctx: SyncContext, query: string, partner = false): Promise<CommanderSearchResult> {
  const q = query.trim();
  const kind: CardRow['kind'] = partner ? 'partner' : 'commander';
  if (q.length < COMMANDER_SEARCH_MIN_LENGTH) return { cards: [], offline: false };
  try {
    const raw = await ctx.api.request('GET', `/api/cards/commanders?q=${encodeURIComponent(q)}&partner=${partner}`);
    const cards = z.array(cardSummarySchema).parse(raw);
    const rows: CardRow[] = cards.map((card) => ({ ...card, kind, search: card.name.toLowerCase() }));
    await ctx.db.cards.bulkPut(rows);
    return { cards: rows.slice(0, CARD_RESULTS_MAX), offline: false };
  } catch (error) {
    const serviceFailed = error instanceof Error && 'status' in error && Number((error as { status: number }).status) >= 500;
    if (!(error instanceof NetworkError) && !serviceFailed) throw error;
    return { cards: await searchLocal(ctx.db, kind, q), offline: true, reason: serviceFailed ? 'service' : 'network' };
  }
}
