/** A deck write the server refused: its message, Retry and Discard (which restores the server's version). */
import { actions } from '../../sync/app';
import type { DeckRow } from '../../db/schema';
import { DECK_NOT_SAVED } from './deck-texts';
import { useFailedDeckWrite } from './use-decks';

export function DeckFailure({ deck }: { deck: DeckRow }) {
  const entry = useFailedDeckWrite(deck.id);
  // No failed entry found: the row's own id is the only guess (right for a create).
  const entryId = entry?.id ?? deck.id;

  async function discard() {
    await actions.discardWrite(entryId);
  }

  return (
    <div role="alert" className="failed-write">
      <p className="failed-write-text">{DECK_NOT_SAVED}</p>
      {deck.syncError ? <p className="failed-write-detail">{deck.syncError}</p> : null}
      {entry === undefined ? null : (
        <div className="button-row">
          <button type="button" className="button button--secondary button--small" onClick={() => void actions.retryWrite(entryId)}>
            Retry
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => void discard()}>
            Discard
          </button>
        </div>
      )}
    </div>
  );
}
