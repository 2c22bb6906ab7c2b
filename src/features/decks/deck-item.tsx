/**
 * One deck in the Decks tab: name, commander line ('A // B'), declared bracket ('Bracket 3'), badges (Default, Pending while
 * the server has not accepted a change), description, links, and its actions. A refused
 * change shows the server's message with Retry / Discard instead of the actions, since
 * editing or deleting a deck the server does not know would only fail again.
 */
import { bracketLabel, commanderLabel, isHttpUrl } from '../../contract/decks';
import type { DeckRow } from '../../db/schema';
import { DeckFailure } from './deck-failure';
import { DEFAULT_BADGE, PENDING } from './deck-texts';

interface DeckItemProps {
  deck: DeckRow;
  isDefault: boolean;
  onEdit(): void;
  onExport(): void;
  onDelete(): void;
  onSetDefault(): void;
}

/** 'moxfield.com/decks/abc' for display; the full address stays in href and title. */
function linkText(link: string): string {
  try {
    const url = new URL(link);
    const rest = `${url.pathname}${url.search}`.replace(/\/$/, '');
    return `${url.hostname.replace(/^www\./, '')}${rest}`;
  } catch {
    return link;
  }
}

export function DeckItem({ deck, isDefault, onEdit, onExport, onDelete, onSetDefault }: DeckItemProps) {
  const commanders = commanderLabel(deck);
  // Server data is validated on the way in; an href is still never given anything but http(s).
  const links = deck.externalLinks.filter(isHttpUrl);
  const bracket = bracketLabel(deck);
  const cardCount = (deck.cards ?? []).reduce((sum, card) => sum + card.quantity, 0);

  return (
    <li className="deck-item">
      <div className="deck-item-head">
        <h3 className="deck-item-name">
          {deck.name}
        </h3>
        {isDefault ? <span className="badge badge--default">{DEFAULT_BADGE}</span> : null}
        {deck.syncState === 'queued' ? (
          <span role="status" className="badge badge--pending" title="Waiting to be sent to the server">
            {PENDING}
          </span>
        ) : null}
      </div>
      {commanders ? <p className="deck-item-commanders">{commanders}</p> : null}
      {bracket ? <p className="deck-item-bracket muted">{bracket}</p> : null}
      {cardCount > 0 ? <p className="deck-item-count muted">{cardCount === 1 ? '1 card' : `${cardCount} cards`}</p> : null}
      {deck.description ? <p className="deck-item-description muted">{deck.description}</p> : null}
      {links.length > 0 ? (
        <ul className="deck-item-links" aria-label={`Links of ${deck.name}`}>
          {links.map((link, index) => (
            <li key={`${index}:${link}`}>
              <a href={link} target="_blank" rel="noopener noreferrer" title={link}>
                {linkText(link)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {deck.syncState === 'failed' ? (
        <DeckFailure deck={deck} />
      ) : (
        <div className="button-row deck-item-actions">
          {isDefault ? null : (
            <button type="button" className="button button--secondary button--small" aria-label={`Set ${deck.name} as default`} onClick={onSetDefault}>
              Set as default
            </button>
          )}
          <button type="button" className="button button--secondary button--small" aria-label={`Edit ${deck.name}`} onClick={onEdit}>
            Edit
          </button>
          <button type="button" className="button button--secondary button--small" aria-label={`Export ${deck.name}`} onClick={onExport}>
            Export
          </button>
          <button type="button" className="button button--secondary button--small" aria-label={`Delete ${deck.name}`} onClick={onDelete}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
