/**
 * Commander suggestions for what the user typed (the spec's validation rules and business constants): nothing under
 * COMMANDER_SEARCH_MIN_LENGTH characters, one call once the text has rested
 * COMMANDER_SEARCH_DEBOUNCE_MS, answers to older texts ignored. A failed search gives no
 * suggestions and no error: the name can always be typed by hand.
 */
import { useEffect, useState } from 'react';
import { COMMANDER_SEARCH_DEBOUNCE_MS, COMMANDER_SEARCH_MIN_LENGTH } from '../../contract/cards';
import type { CardRow } from '../../db/schema';
import { actions } from '../../sync/app';
import { useDebouncedValue } from '../../ui/sync-hooks';

export interface CommanderSuggestions {
  cards: CardRow[];
  /** The answer came from the commanders seen before (no connection, or the card service failed). */
  offline: boolean;
  /** Why: 'service' when the card service failed while the app is online. */
  reason?: 'network' | 'service';
}

const NONE: CommanderSuggestions = { cards: [], offline: false };

/** `query` null: the user is not typing (a picked suggestion, a prefilled value): no search. */
export function useCommanderSearch(query: string | null, partner: boolean): CommanderSuggestions {
  const trimmed = query?.trim() ?? '';
  const debounced = useDebouncedValue(trimmed, COMMANDER_SEARCH_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<{ query: string; partner: boolean; result: CommanderSuggestions } | null>(null);

  useEffect(() => {
    if (debounced.length < COMMANDER_SEARCH_MIN_LENGTH) return;
    let current = true;
    actions.searchCommanders(debounced, partner).then(
      (result) => current && setAnswer({ query: debounced, partner, result: { cards: result.cards, offline: result.offline, reason: result.reason } }),
      () => current && setAnswer({ query: debounced, partner, result: NONE }),
    );
    return () => {
      current = false;
    };
  }, [debounced, partner]);

  if (query === null || trimmed.length < COMMANDER_SEARCH_MIN_LENGTH) return NONE;
  if (!answer || answer.partner !== partner) return NONE;
  // While a longer text waits for its answer, the answer to its start stays (no flicker while
  // typing on); an unrelated text shows nothing until its own answer arrives.
  return trimmed.toLowerCase().startsWith(answer.query.toLowerCase()) ? answer.result : NONE;
}
