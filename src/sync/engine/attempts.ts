/**
 * How often a write may be sent without getting the server's verdict (a 5xx for it, a timeout)
 * before it is shown failed (Retry/Discard). Counted on the outbox entry (`attempts`) by whoever
 * sends it, the page (src/sync/engine/apply-server.ts) or the service worker
 * (src/sync/engine/recorded-verdicts.ts); being offline never counts.
 */
export const MAX_ATTEMPTS = 5;
export const GAVE_UP_MESSAGE = 'This change could not be saved. Try again.';
