/**
 * The whole story of a game (docs/playmat.md "The whole story"), in the events sheet: every
 * entry, newest first, in words with its source (src/game/story-text.ts), each with Undo where
 * it may be undone (src/game/undo.ts `undoableIds`). It reads only the mirror — the game's own
 * events and the story pages pulled into it (src/db/queries/game-story.ts); opening it asks the
 * sync layer for the pages the device lacks. Offline it shows what the device has and says the
 * rest needs a connection.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Game } from '../../../contract/game';
import { gameStoryView } from '../../../db/queries/game-story';
import { storyText } from '../../../game/story-text';
import { undoableIds } from '../../../game/undo';
import { actions, db } from '../../../sync/app';
import { formatClockTime as eventTime } from '../../../ui/time';
import { reportRefusal } from './tap-writes';

type LoadState = 'loading' | 'complete' | 'offline' | 'failed';

const StoryText = {
  loading: 'Loading the rest of the story\u2026',
  offline: 'The rest of the story needs a connection.',
  failed: 'The rest of the story could not be loaded.',
  beginning: 'The beginning of the game.',
  empty: 'No events yet.',
} as const;

export function StoryList({ game }: { game: Game }) {
  const gameId = game.id;
  const view = useLiveQuery(() => gameStoryView(db, gameId), [gameId]);
  const [load, setLoad] = useState<LoadState>('loading');
  useEffect(() => {
    let current = true;
    setLoad('loading');
    void actions.loadGameStory(gameId).then((outcome) => {
      if (current) setLoad(outcome);
    });
    return () => {
      current = false;
    };
  }, [gameId]);

  if (!view) return <p className="muted">{StoryText.loading}</p>;
  const undoable = undoableIds(game, view.entries);
  const footer = view.complete ? (view.entries.length > 0 ? StoryText.beginning : StoryText.empty) : StoryText[load === 'complete' ? 'offline' : load];
  return (
    <>
      <ol className="events-list" aria-label="The whole story, newest first">
        {view.entries.map((event) => {
          const text = storyText(event, game);
          return (
            <li key={event.id} className={`event event--${event.kind}`}>
              <span className="event-text">{text}</span>
              <span className="event-meta muted">
                <time className="event-time" dateTime={event.at}>
                  {eventTime(event.at)}
                </time>
                {undoable.has(event.id) ? (
                  <button
                    type="button"
                    className="button button--secondary event-undo"
                    aria-label={`Undo: ${text}`}
                    onClick={() => void actions.undoStoryEntry(gameId, event).catch(reportRefusal)}
                  >
                    Undo
                  </button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="muted story-end" role="status">
        {footer}
      </p>
    </>
  );
}
