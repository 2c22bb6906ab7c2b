/**
 * The row below the past games, about older ones: "Load older games" (a button, for keyboard
 * users; the row observed near the bottom of the screen does the same when the user scrolls to
 * it), "Loading older games...", "Could not load older games." (the button stays, to try again),
 * "No older games." once the server said nothing is older (remembered in the mirror, so offline
 * too), or, offline, "Older games load when you're online." (no button; asked again when the
 * connection is back). The same row as a chat's top row (src/features/messages/message-thread.tsx).
 */
import { useEffect, useRef } from 'react';
import { useReachSentinel } from '../../ui/use-reach-sentinel';
import type { OlderGamesModel } from './use-older-games';

export const OlderGamesText = {
  loadOlder: 'Load older games',
  loadingOlder: 'Loading older games...',
  olderFailed: 'Could not load older games.',
  olderOffline: "Older games load when you're online.",
  noOlder: 'No older games.',
} as const;

export function OlderGamesRow({ older }: { older: OlderGamesModel }) {
  const rowRef = useRef<HTMLDivElement>(null);
  useReachSentinel(rowRef, () => older.reachEnd(true), `${older.from}|${older.state}|${older.atEnd}`);
  // The button held focus when the end replaced it: focus moves to the text, not to the page.
  const focusEnd = useRef(false);
  const endRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (older.atEnd && focusEnd.current) endRef.current?.focus();
    focusEnd.current = false;
  }, [older.atEnd]);

  if (older.atEnd === undefined) return null;
  if (older.atEnd) {
    return (
      <div className="history-older">
        <p ref={endRef} tabIndex={-1} className="history-older-text muted">
          {OlderGamesText.noOlder}
        </p>
      </div>
    );
  }
  const loading = older.state === 'loading';
  return (
    <div ref={rowRef} className="history-older">
      {older.state === 'offline' ? (
        <p className="history-older-text muted">{OlderGamesText.olderOffline}</p>
      ) : (
        <>
          {older.state === 'failed' ? (
            <p role="status" className="history-older-text">
              {OlderGamesText.olderFailed}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={loading || undefined}
            onFocus={() => (focusEnd.current = true)}
            onBlur={() => (focusEnd.current = false)}
            onClick={() => {
              if (!loading) older.reachEnd(false);
            }}
          >
            {OlderGamesText.loadOlder}
          </button>
          {loading ? (
            <p role="status" className="history-older-text muted">
              {OlderGamesText.loadingOlder}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
