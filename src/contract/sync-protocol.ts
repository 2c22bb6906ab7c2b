/**
 * The part of the sync protocol that carries no rows (src/contract/sync.ts re-exports it): the
 * protocol version, the bounds of a push, and a push's per-mutation verdicts. A leaf module
 * (zod/mini only): the service worker validates its push answers with it without bundling the
 * row schemas, which it never reads (docs/first-load.md, "The service worker").
 */
import * as z from 'zod/mini';
import './zod-config';

/** The protocol this build speaks. A server that cannot serve it answers 426 (HTTP) or closes 4426 (socket). */
export const PROTOCOL_VERSION = 3;
/** Sent on every request of the app; absent = a plain REST client written to the spec. */
export const PROTOCOL_HEADER = 'x-podtable-protocol';
/** Query parameter of the live socket carrying the same version. */
export const PROTOCOL_QUERY = 'v';

/** Bounds of one push: enough for a long offline session in a few requests, small enough to time out honestly. */
export const PUSH_MAX_MUTATIONS = 100;
export const PUSH_MAX_BYTES = 256 * 1024;

export const SyncText = {
  updateRequired: 'This version of PodTable is out of date. Reload to update it.',
  unknownMutation: (name: string) => `This change cannot be sent (unknown kind "${name}").`,
  tooManyMutations: `Send at most ${PUSH_MAX_MUTATIONS} changes at a time.`,
  mutationIdReused: 'This change id was already used for a different change.',
} as const;

export const mutationId = z.string().check(z.minLength(1), z.maxLength(100));

/**
 * - applied: done now or earlier (a repeat gets 'applied' again, and changes nothing);
 * - refused: the server's verdict (4xx): the client marks only this one failed, the queue goes on;
 * - error: not a verdict (the server failed): retried, and after a bounded number of tries shown
 *   failed. Mutations after an error, or after a 429, are not attempted in this request.
 */
export const mutationResult = z.discriminatedUnion('status', [
  z.object({ id: mutationId, status: z.literal('applied') }),
  z.object({ id: mutationId, status: z.literal('refused'), code: z.int(), message: z.string() }),
  z.object({ id: mutationId, status: z.literal('error'), message: z.string() }),
]);
export type MutationResult = z.infer<typeof mutationResult>;

/**
 * A push answer as the service worker reads it: it pushes without a cursor (the page, which
 * shows the rows, catches up), so it never needs the row schemas and stays small.
 */
export const pushResultsResponse = z.object({
  results: z.array(mutationResult),
  retryAfter: z.optional(z.number()),
});
