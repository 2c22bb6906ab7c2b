/**
 * One player's commander and deck on the layout page. The signed-in user picks one of their
 * decks (which brings its commanders, and shows its declared bracket) or types a deck name;
 * other players type a deck name and choose a commander; guests also give the e-mail by which
 * they claim the game. After a failed Start game, the player's issues show here and the player
 * is highlighted.
 */
import { bracketLabel } from '../../../contract/decks';
import type { DeckRow } from '../../../db/schema';
import type { PlayerPatch, WizardPlayer } from '../../../stores/wizard';
import { commandersOf, deckFields, playerName, ROLE_LABEL } from '../players';

interface PlayerSetupProps {
  player: WizardPlayer;
  seat: number;
  decks: readonly DeckRow[];
  issues: readonly string[] | undefined;
  onChange(patch: PlayerPatch): void;
  onChooseCommander(): void;
}

export function PlayerSetup({ player, seat, decks, issues, onChange, onChooseCommander }: PlayerSetupProps) {
  const name = playerName(player);
  const base = `player-${player.key}`;
  const issuesId = `${base}-issues`;
  const chosenDeck = player.deckId ? decks.find((deck) => deck.id === player.deckId) : undefined;
  const commanders = commandersOf(player);
  const bracket = chosenDeck ? bracketLabel(chosenDeck) : null;
  const invalid = issues && issues.length > 0;

  return (
    <fieldset className={invalid ? 'player-setup player-setup--invalid' : 'player-setup'} aria-describedby={invalid ? issuesId : undefined}>
      <legend>
        <span className="player-setup-seat">Seat {seat + 1}</span> {name} <span className="muted player-setup-role">({ROLE_LABEL[player.role]})</span>
      </legend>

      {player.role === 'self' && decks.length > 0 ? (
        <div className="field">
          <label htmlFor={`${base}-deck`}>Deck</label>
          <select
            id={`${base}-deck`}
            value={chosenDeck ? chosenDeck.id : ''}
            onChange={(event) => {
              const deck = decks.find((d) => d.id === event.target.value);
              onChange(deck ? deckFields(deck) : { deckId: null, deckName: '' });
            }}
          >
            <option value="">Type a deck name</option>
            {decks.map((deck) => (
              <option key={deck.id} value={deck.id}>
                {deck.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {bracket ? <div className="muted">{bracket}</div> : null}

      {chosenDeck ? null : (
        <div className="field">
          <label htmlFor={`${base}-deck-name`}>Deck name</label>
          <input
            id={`${base}-deck-name`}
            type="text"
            autoComplete="off"
            value={player.deckName ?? ''}
            onChange={(event) => onChange({ deckId: null, deckName: event.target.value })}
          />
        </div>
      )}

      <div className="commander-line">
        <span className="commander-line-text">
          <span className="muted">Commander: </span>
          {commanders ?? <span className="muted">none chosen</span>}
        </span>
        <button type="button" className="button button--secondary button--small" aria-label={`Choose commander for ${name}`} onClick={onChooseCommander}>
          Choose commander
        </button>
      </div>

      {player.role === 'guest' ? (
        <div className="field">
          <label htmlFor={`${base}-email`}>Guest email</label>
          <input
            id={`${base}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            aria-invalid={issues?.some((issue) => /email/i.test(issue)) || undefined}
            value={player.accountEmail ?? ''}
            onChange={(event) => onChange({ accountEmail: event.target.value })}
          />
        </div>
      ) : null}

      {invalid ? (
        <ul id={issuesId} className="player-issues">
          {issues.map((issue) => (
            <li key={issue} className="field-error">
              {issue}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
