/**
 * Retry delays of the sender and the live socket: exponential from 1 s to a 30 s cap (the spec's
 * business constants), with full jitter — a random delay between a floor and the capped exponential —
 * so thousands of clients cut off at once (a server restart) do not come back in lockstep.
 */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** Never retry sooner than this: a dead network answers at once and would spin. */
export const BACKOFF_FLOOR_MS = 100;

/** The cap of the `attempt`-th delay (1-based), without jitter. */
export function backoffCeiling(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 10));
}

/**
 * While the browser says it is online but no connection succeeds (a dead Wi-Fi, a captive portal,
 * the server's host down), no event tells when it works again: the sender probes at most this far
 * apart, so the first write leaves within ~1 s of the network's return. A probe
 * that finds nothing costs a refused or failed connection, not a request the server handles; a
 * server that answers at all (a 5xx from a load balancer) gets the full backoff instead.
 */
export const UNREACHABLE_RETRY_CAP_MS = 1000;

/**
 * `attempt` counts failures so far, starting at 1. `random` returns [0, 1) like Math.random.
 * `cap` lowers the ceiling (UNREACHABLE_RETRY_CAP_MS), with the same full jitter below it.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, cap = BACKOFF_CAP_MS): number {
  const ceiling = Math.min(cap, backoffCeiling(attempt));
  return Math.max(BACKOFF_FLOOR_MS, Math.floor(random() * ceiling));
}
