/**
 * The spec's 'Recent events' panel: the game's log, newest first (the core keeps 25),
 * in a sheet over the playmat, so opening it never squeezes the tiles. Each line says the turn
 * it happened in, and a run of the same change reads as one line with its count
 * (src/game/event-groups.ts: display only, Undo still reverses the newest single change).
 * The list is built only while the sheet is open, with one formatter: the playmat re-renders
 * with every mirror copy (a tap's own write, then the server's answer), and 25
 * `toLocaleTimeString` calls cost far more than one reused Intl.DateTimeFormat — main-thread
 * work after each tap that a quick next tap would wait behind.
 */
import type { GameEvent } from '../../../contract/game';
import { groupEvents } from '../../../game/event-groups';
import { Sheet } from './sheet';

/** One formatter for every row: `toLocaleTimeString` builds a new one per call. */
const TIME = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : TIME.format(date);
}

function EventsList({ events, turnNumber }: { events: readonly GameEvent[]; turnNumber?: number }) {
  const groups = groupEvents(events, turnNumber);
  return (
    <>
      {events.length === 0 ? <p className="muted">No events yet.</p> : null}
      <ol className="events-list" aria-label="Recent events, newest first">
        {groups.map((group) => (
          <li key={group.id} className={`event event--${group.kind}`}>
            <span className="event-text">{group.text}</span>
            <span className="event-meta muted">
              {group.events.length > 1 ? <span className="event-count">{`${group.events.length} changes`}</span> : null}
              {group.turn !== null ? <span className="event-turn">{`Turn ${group.turn}`}</span> : null}
              <time className="event-time" dateTime={group.at}>
                {time(group.at)}
              </time>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** `turnNumber` is the game's current turn; without it the turns are counted from the log's own turn changes. */
export function EventsSheet({ open, events, turnNumber, onClose }: { open: boolean; events: readonly GameEvent[]; turnNumber?: number; onClose(): void }) {
  return (
    <Sheet open={open} title="Recent events" onClose={onClose}>
      {open ? <EventsList events={events} turnNumber={turnNumber} /> : null}
    </Sheet>
  );
}
