/**
 * The 'Recent events' panel: the game's log, newest first (the core keeps 25). The latest line
 * always shows (and is announced politely), so every tap has visible feedback; the whole list
 * opens on demand.
 */
import type { GameEvent } from '../../contract/game';

interface RecentEventsProps {
  id: string;
  events: readonly GameEvent[];
  open: boolean;
}

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function RecentEvents({ id, events, open }: RecentEventsProps) {
  const latest = events[0];
  return (
    <section aria-labelledby="recent-events-title" className="dock-panel recent-events" data-open={open}>
      <h2 id="recent-events-title" className="dock-heading">
        Recent events
      </h2>
      <p className="events-latest" aria-live="polite">
        {latest ? latest.text : 'No events yet.'}
      </p>
      {open ? (
        <ol id={id} className="events-list" aria-label="Recent events, newest first">
          {events.map((event) => (
            <li key={event.id} className={`event event--${event.kind}`}>
              <span className="event-text">{event.text}</span>
              <time className="event-time muted" dateTime={event.at}>
                {time(event.at)}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
