/**
 * Seating order = turn order (clockwise). Reordered with Up/Down buttons (keyboard and touch
 * alike) or shuffled. The buttons at the ends stay focusable (aria-disabled) so focus is not
 * lost when a player reaches the top or the bottom.
 */
import { useState } from 'react';
import { moveSeat, shuffle } from '../../../game/shuffle';
import type { WizardPlayer } from '../../../stores/wizard';
import { playerName } from '../players';

interface SeatingOrderProps {
  players: readonly WizardPlayer[];
  onReorder(keys: string[]): void;
}

export function SeatingOrder({ players, onReorder }: SeatingOrderProps) {
  const [announcement, setAnnouncement] = useState('');
  const keys = players.map((player) => player.key);

  function move(from: number, to: number) {
    if (to < 0 || to >= players.length) return;
    onReorder(moveSeat(keys, from, to));
    setAnnouncement(`${playerName(players[from]!)} moved to seat ${to + 1}.`);
  }

  return (
    <section aria-labelledby="seating-title" className="card wizard-card">
      <h2 id="seating-title">Seating order</h2>
      <p className="muted">Seat 1 sits at the bottom edge; turns go clockwise in seat order.</p>
      <ol className="seating-list">
        {players.map((player, index) => {
          const name = playerName(player);
          const first = index === 0;
          const last = index === players.length - 1;
          return (
            <li key={player.key} className="seating-row">
              <span className="seating-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="seating-name">{name}</span>
              <button
                type="button"
                className="button button--secondary icon-button"
                aria-label={`Move ${name} up`}
                aria-disabled={first || undefined}
                onClick={() => move(index, index - 1)}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="button button--secondary icon-button"
                aria-label={`Move ${name} down`}
                aria-disabled={last || undefined}
                onClick={() => move(index, index + 1)}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onReorder(shuffle(keys));
            setAnnouncement('Seats shuffled.');
          }}
        >
          Shuffle seats
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
