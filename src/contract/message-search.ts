/**
 * Message search: GET /api/messages/search?q=&podId=|peerId= finds the caller's own messages
 * (direct messages they sent or received, messages of the pods they are in) whose words start
 * with every word of the query, newest first. The same rule runs over the mirror on the device
 * (`matchesSearch`), so a search offline finds what the device holds by the same words.
 *
 * Words: runs of letters and digits, lower-cased and NFKC-normalised ("Sleeves!" → "sleeves").
 * A query word matches a message word it begins ("sleeve" finds "sleeves"); every query word
 * must match. Known limit: no stemming ("sleeving" is not found by "sleeves") and no phrases.
 */
import * as z from 'zod/mini';
import { directMessageSchema, podMessageSchema } from './social';
import { safeText } from './text';
import './zod-config';

/** At most this many query words count; more are refused. */
export const SEARCH_WORDS_MAX = 8;
export const SEARCH_QUERY_MAX = 100;
/** The server answers the newest this many matches. */
export const SEARCH_RESULTS_MAX = 50;

export const MessageSearchText = {
  noWords: 'Type a word to search for.',
  tooManyWords: `Search for at most ${SEARCH_WORDS_MAX} words.`,
  tooLong: `A search is at most ${SEARCH_QUERY_MAX} characters.`,
  oneScope: 'Search one chat at a time: a pod or a person, not both.',
} as const;

/** A word: a run of letters and digits. */
export const SEARCH_WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text as search compares them. */
export function searchWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(SEARCH_WORD) ?? [];
}

/** True when every query word begins a word of the text. */
export function matchesSearch(content: string, queryWords: readonly string[]): boolean {
  if (queryWords.length === 0) return false;
  const words = searchWords(content);
  return queryWords.every((query) => words.some((word) => word.startsWith(query)));
}

/** Whether one word of a text (as written) is matched by one of the query words. */
export function isMatchedWord(word: string, queryWords: readonly string[]): boolean {
  const compared = word.normalize('NFKC').toLowerCase();
  return queryWords.some((query) => compared.startsWith(query));
}

export const messageSearchQuery = z
  .object({
    q: safeText({ error: MessageSearchText.noWords }).check(
      z.maxLength(SEARCH_QUERY_MAX, MessageSearchText.tooLong),
      z.refine((q) => searchWords(q).length > 0, MessageSearchText.noWords),
      z.refine((q) => searchWords(q).length <= SEARCH_WORDS_MAX, MessageSearchText.tooManyWords),
    ),
    /** Only this pod's messages. */
    podId: z.optional(z.uuid({ error: 'podId must be a UUID.' })),
    /** Only the direct messages with this person. */
    peerId: z.optional(z.uuid({ error: 'peerId must be a UUID.' })),
  })
  .check(z.refine((query) => !(query.podId && query.peerId), MessageSearchText.oneScope));

/** The matches, newest first within each list; together at most SEARCH_RESULTS_MAX. */
export const messageSearchResult = z.object({
  directMessages: z.array(directMessageSchema),
  podMessages: z.array(podMessageSchema),
  /** True when there were more matches than the answer holds. */
  more: z.boolean(),
});
export type MessageSearchResult = z.infer<typeof messageSearchResult>;
