/**
 * The page's outbox sender: the shared sender (src/sync/engine/outbox-sender.ts) with every answer
 * applied to the mirror at once (applyServerData, which first applies the verdicts the service
 * worker recorded: a verdict the worker got is applied before any answer this page gets for a
 * later write, the same order as if one sender had sent both).
 */
import { applyServerData } from './apply-server';
import { createOutboxSender, type Sender, type SenderDeps } from './outbox-sender';

export { OUTBOX_LOCK, type DrainResult, type Sender, type SenderDeps } from './outbox-sender';

export function createSender(deps: Omit<SenderDeps, 'settle'>): Sender {
  return createOutboxSender({ ...deps, settle: (data) => applyServerData(deps.db, data) });
}
