/**
 * Each user's share of the card service's one shared queue (service.ts): a search that misses
 * the cache counts against the `cardUpstream` budget (server/limits/policies.ts, shared by every
 * process), a few upstream calls per user and per address every few seconds. Beyond it the
 * search is refused like a full queue (CardServiceBusy → 503 + Retry-After), which the app
 * answers from the names it has seen before; the queue stays free for everyone else.
 */
import type { AppDeps } from '../deps';
import { HttpError } from '../errors';
import { consumeReadLimit } from '../limits/read-hooks';
import { CardServiceBusy, type CardAsker } from './service';

export async function admitUpstream(deps: Pick<AppDeps, 'limits'>, asker: CardAsker): Promise<void> {
  try {
    await consumeReadLimit(deps, 'cardUpstream', asker.userId, asker.ip);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) {
      throw new CardServiceBusy('This user has had their share of the card service queue.', Number(error.headers['retry-after'] ?? 1));
    }
    throw error;
  }
}
