/**
 * The service worker's outbox sender: the shared sender (src/sync/engine/outbox-sender.ts) with no
 * catch-up pull in its pushes and every answer only recorded (src/sync/engine/recorded-verdicts.ts),
 * for the page to apply. Read against the row-free part of the contract only: this module is
 * bundled into sw.js (docs/first-load.md, its size budget).
 */
import { pushResultsResponse } from '../../contract/sync-protocol';
import { createOutboxSender, type Sender, type SenderDeps } from './outbox-sender';
import { recordVerdicts } from './recorded-verdicts';

export function createWorkerSender(deps: Omit<SenderDeps, 'settle' | 'catchUp' | 'readAnswer'>): Sender {
  return createOutboxSender({
    ...deps,
    catchUp: false,
    readAnswer: (raw) => ({ ...pushResultsResponse.parse(raw), pull: null }),
    settle: (answer) => recordVerdicts(deps.db, answer),
  });
}
