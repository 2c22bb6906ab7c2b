/** Retry delay of the outbox and the live socket: 1 s doubling to a 30 s cap (spec section 9). */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

/** `attempt` counts failures so far, starting at 1. */
export function backoffDelay(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 10));
}

/** Answers after which the same request may succeed later: keep the entry and retry. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
