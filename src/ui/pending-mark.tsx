/**
 * The state of a write the server has not accepted yet. Queued: a clock with hidden text
 * ('Sending…', or 'Waiting for connection…' once an attempt failed for lack of network).
 * Failed: the given text, with Retry and Discard on the outbox entry.
 */
import type { OutboxEntry } from '../db/schema';
import { actions } from '../sync/app';
import { SENDING_QUICKLY } from '../sync/engine/rate-limit';
import { useSlowedDown } from '../features/shell/slow-down-notice';
import { isWaitingForConnection, useUnreachable } from '../features/shell/use-unreachable';

export const SENDING = 'Sending…';
export const WAITING_FOR_CONNECTION = 'Waiting for connection…';

export function ClockIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function QueuedMark({ entry }: { entry: OutboxEntry | undefined }) {
  const unreachable = useUnreachable();
  const slowed = useSlowedDown();
  const text = isWaitingForConnection(entry, unreachable) ? WAITING_FOR_CONNECTION : slowed ? SENDING_QUICKLY : SENDING;
  return (
    <span role="status" className="pending-mark" title={text}>
      <ClockIcon />
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

interface FailedWriteProps {
  text: string;
  /** Outbox entry id to retry or discard. */
  entryId: string;
  detail?: string;
}

export function FailedWrite({ text, entryId, detail }: FailedWriteProps) {
  return (
    <div role="alert" className="failed-write">
      <p className="failed-write-text">{text}</p>
      {detail ? <p className="failed-write-detail">{detail}</p> : null}
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" onClick={() => void actions.retryWrite(entryId)}>
          Retry
        </button>
        <button type="button" className="button button--secondary button--small" onClick={() => void actions.discardWrite(entryId)}>
          Discard
        </button>
      </div>
    </div>
  );
}
