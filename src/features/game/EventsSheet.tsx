/**
 * The 'Recent events' panel (spec section 2): the game's log, newest first (the core keeps 25),
 * in a sheet over the playmat, so opening it never squeezes the tiles.
 */
import type { GameEvent } from '../../contract/game';
import { Sheet } from './Sheet';

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function EventsSheet({ open, events, onClose }: { open: boolean; events: readonly GameEvent[]; onClose(): void }) {
  return (
    <Sheet open={open} title="Recent events" onClose={onClose}>
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
    </Sheet>
  );
}
