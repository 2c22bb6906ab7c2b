/**
 * Step 2 of a custom table (the spec's New game wizard and validation rules): the seat count, the signed-in user seated
 * first, players invited from friends, pods or a search, and guests. Next is enabled exactly
 * when validateCustomTable passes (players = seats, nobody twice, guests complete).
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SEAT_COUNT_MAX, SEAT_COUNT_MIN } from '../../../contract/game';
import { addPlayerProblem, validateCustomTable } from '../../../game/wizard';
import { useWizardStore, type WizardPlayer } from '../../../stores/wizard';
import { useCurrentUser } from '../../auth/use-current-user';
import { LoadingText } from '../../../ui/list-status';
import { useMyDecks } from '../hooks';
import { InviteSources } from '../invites/invite-sources';
import { commandersOf, playerName, ROLE_LABEL, selfPlayer } from '../players';
import { LOADING_USER } from '../texts';

const SEAT_OPTIONS = Array.from({ length: SEAT_COUNT_MAX - SEAT_COUNT_MIN + 1 }, (_, i) => SEAT_COUNT_MIN + i);

export function CustomTableStep({ onBack }: { onBack(): void }) {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const decks = useMyDecks();
  const { seatCount, players, setSeatCount, addPlayer, seatSelf, removePlayer } = useWizardStore();
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hasSelf = players.some((player) => player.role === 'self');

  // The signed-in user always sits at their own table, in the first seat.
  useEffect(() => {
    if (me && decks !== undefined && !hasSelf) seatSelf(selfPlayer(me, decks));
  }, [me, decks, hasSelf, seatSelf]);

  const check = validateCustomTable(seatCount, players);

  /** Adds a player unless they are at the table already (or an incomplete guest); true when added. */
  function tryAdd(candidate: WizardPlayer): boolean {
    const reason = addPlayerProblem(players, candidate);
    setProblem(reason);
    if (reason) return false;
    addPlayer(candidate);
    setAnnouncement(`${playerName(candidate)} joined the table.`);
    return true;
  }

  if (!hasSelf) {
    return (
      <section className="wizard-step" aria-labelledby="custom-step-title">
        <h2 id="custom-step-title">Build a Custom Table</h2>
        <LoadingText text={LOADING_USER} />
      </section>
    );
  }

  return (
    <section className="wizard-step" aria-labelledby="custom-step-title">
      <h2 id="custom-step-title">Build a Custom Table</h2>

      <div className="field seat-count">
        <label htmlFor="wizard-seats">Seats</label>
        <select id="wizard-seats" value={seatCount} onChange={(event) => setSeatCount(Number(event.target.value))}>
          {SEAT_OPTIONS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>

      <section aria-labelledby="table-players-title" className="card wizard-card">
        <h3 id="table-players-title">
          Players at the table ({players.length}/{seatCount})
        </h3>
        <ul className="table-players">
          {players.map((player, index) => {
            const issues = check.byParticipant[index];
            const commanders = player.role === 'guest' ? commandersOf(player) : null;
            return (
              <li key={player.key} className={issues ? 'table-player table-player--invalid' : 'table-player'}>
                <span className="table-player-text">
                  <span className="table-player-name">{playerName(player)}</span>
                  <span className="muted table-player-detail">
                    {ROLE_LABEL[player.role]}
                    {commanders ? ` · ${commanders}` : ''}
                  </span>
                  {issues ? <span className="field-error">{issues.join(' ')}</span> : null}
                </span>
                {player.role === 'self' ? null : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Remove ${playerName(player)}`}
                    onClick={() => {
                      removePlayer(player.key);
                      setProblem(null);
                      setAnnouncement(`${playerName(player)} left the table.`);
                    }}
                  >
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <p className={check.overall ? 'seat-count-message' : 'seat-count-message seat-count-message--ok'} aria-live="polite">
          {check.overall ?? 'Every seat is taken.'}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </section>

      <InviteSources players={players} myId={me?.id ?? null} onAdd={tryAdd} problem={problem} />

      <div className="wizard-actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button" disabled={!check.ok} onClick={() => void navigate({ to: '/game/layout' })}>
          Next
        </button>
      </div>
    </section>
  );
}
