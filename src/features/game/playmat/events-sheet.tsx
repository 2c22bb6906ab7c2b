/**
 * The spec's 'Recent events' panel: the game's log, newest first (the core keeps 25),
 * in a sheet over the playmat, so opening it never squeezes the tiles.
 * The list is built only while the sheet is open, with one formatter: the playmat re-renders
 * with every mirror copy (a tap's own write, then the server's answer), and 25
 * `toLocaleTimeString` calls cost far more than one reused Intl.DateTimeFormat — main-thread
 * work after each tap that a quick next tap would wait behind.
 */
import type { GameEvent } from '../../../contract/game';
import { Sheet } from './sheet';

/** One formatter for every row: `toLocaleTimeString` builds a new one per call. */
const TIME = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : TIME.format(date);
}

function EventsList({ events }: { events: readonly GameEvent[] }) {
  return (
    <>
      {events.length === 0 ? <p className="muted">No events yet.</p> : null}
      <ol className="events-list" aria-label="Recent events, newest first">
        {events.map((event) => (
          <li key={event.id} className={`event event--${event.kind}`}>
            <span className="event-text">{event.text}</span>
            <time className="event-time muted" dateTime={event.at}>
              {time(event.at)}
            </time>
          </li>
        ))}
      </ol>
    </>
  );
}

export function EventsSheet({ open, events, onClose }: { open: boolean; events: readonly GameEvent[]; onClose(): void }) {
  return (
    <Sheet open={open} title="Recent events" onClose={onClose}>
      {open ? <EventsList events={events} /> : null}
    </Sheet>
  );
}
