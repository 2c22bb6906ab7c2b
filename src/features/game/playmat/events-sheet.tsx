/**
 * The spec's 'Recent events' panel: the game's log, newest first (the core keeps 25),
 * in a sheet over the playmat, so opening it never squeezes the tiles. Each line says the turn
 * it happened in, and a run of the same change reads as one line with its count
 * (src/game/event-groups.ts: display only, Undo still reverses the newest single change).
 * The list is built only while the sheet is open, with one formatter: the playmat re-renders
 * with every mirror copy (a tap's own write, then the server's answer), and 25
 * `toLocaleTimeString` calls cost far more than one reused Intl.DateTimeFormat — main-thread
 * work after each tap that a quick next tap would wait behind.
 * "Whole story" switches the sheet to every entry of the game, each undoable one with Undo
 * (story-list.tsx); the sheet opens on the recent events each time.
 */
import { useState } from 'react';
import type { Game, GameEvent } from '../../../contract/game';
import { groupEvents } from '../../../game/event-groups';
import { formatClockTime as time } from '../../../ui/time';
import { Sheet } from './sheet';
import { StoryList } from './story-list';

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

interface EventsSheetProps {
  open: boolean;
  events: readonly GameEvent[];
  /** The game's current turn; without it the turns are counted from the log's own turn changes. */
  turnNumber?: number;
  /** The game whose whole story the sheet can show; without it, the recent events only. */
  game?: Game;
  onClose(): void;
}

export function EventsSheet({ open, events, turnNumber, game, onClose }: EventsSheetProps) {
  const [whole, setWhole] = useState(false);
  const close = () => {
    setWhole(false);
    onClose();
  };
  return (
    <Sheet open={open} title={whole ? 'Whole story' : 'Recent events'} onClose={close}>
      {open && game ? (
        <div className="events-modes" role="group" aria-label="Events to show">
          <button type="button" className="button button--secondary" aria-pressed={!whole} onClick={() => setWhole(false)}>
            Recent
          </button>
          <button type="button" className="button button--secondary" aria-pressed={whole} onClick={() => setWhole(true)}>
            Whole story
          </button>
        </div>
      ) : null}
      {open ? whole && game ? <StoryList game={game} /> : <EventsList events={events} turnNumber={turnNumber} /> : null}
    </Sheet>
  );
}
