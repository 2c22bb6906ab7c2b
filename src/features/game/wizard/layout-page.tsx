/**
 * /game/layout (the spec's New game wizard, states and transitions, validation rules): seating
 * order, shuffle, layout preset, first player,
 * each player's commander and deck (with its declared bracket, and a Rule 0 notice when the
 * brackets do not match: ./bracket-mismatch.ts), Back and Start game. Start game validates the
 * draft (validateGameStart), writes the game to the mirror (actions.createGame queues the POST) and
 * opens the playmat at once: nothing waits for the network.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SEAT_COUNT_MAX, SEAT_COUNT_MIN } from '../../../contract/game';
import { layoutFor } from '../../../game/layouts';
import { chooseFirstPlayer } from '../../../game/turns';
import { validateGameStart } from '../../../game/wizard';
import { firstPlayerIndex, useWizardStore } from '../../../stores/wizard';
import { actions } from '../../../sync/app';
import { PageHeader } from '../../shell/page-header';
import { bracketMismatch, bracketNotice } from './bracket-mismatch';
import { CommanderDialog } from './commander-dialog';
import { useMyDecks } from '../hooks';
import { LayoutPicker } from './layout-picker';
import { PlayerSetup } from './player-setup';
import { createGameInput, playerName, startErrorMessage } from '../players';
import { SeatingOrder } from './seating-order';
import { NO_DRAFT } from '../texts';
import '../../chats/chats.css';
import '../game.css';

function NoDraft() {
  return (
    <main className="page wizard">
      <PageHeader title="Seating" />
      <section className="card">
        <p>{NO_DRAFT}</p>
        <Link to="/game/setup" className="button">
          Set up a new game
        </Link>
      </section>
    </main>
  );
}

export function LayoutPage() {
  const navigate = useNavigate();
  const draft = useWizardStore();
  const decks = useMyDecks() ?? [];
  const [attempted, setAttempted] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [editingKey, setEditingKey] = useState<string | null>(null);

  const { players } = draft;
  if (draft.kind === null) return <NoDraft />;

  const count = players.length;
  const layout = count >= SEAT_COUNT_MIN && count <= SEAT_COUNT_MAX ? layoutFor(count, draft.layoutPreset ?? undefined) : null;
  const names = players.map(playerName);
  const firstIndex = firstPlayerIndex(draft);
  const check = validateGameStart(players, firstIndex);
  const editing = players.find((player) => player.key === editingKey) ?? null;
  // Only the device owner's decks are in the mirror: another player's deck counts as not declared.
  const brackets = bracketNotice(
    bracketMismatch(players.map((player) => ({ name: playerName(player), bracket: decks.find((deck) => deck.id === player.deckId)?.bracket ?? null }))),
  );

  async function start() {
    setAttempted(true);
    setStartError(null);
    if (!check.ok || starting) return;
    setStarting(true);
    try {
      // Resolves once the game is in the mirror and its POST queued (offline too).
      const id = await actions.createGame(createGameInput(useWizardStore.getState()));
      // Replaces the layout page: Back from the playmat does not land on an emptied wizard.
      await navigate({ to: '/game/$id', params: { id }, replace: true });
      useWizardStore.getState().reset();
    } catch (error) {
      setStartError(startErrorMessage(error));
      setStarting(false);
    }
  }

  const alert = startError ?? (attempted ? check.overall : undefined);

  return (
    <main className="page wizard">
      <PageHeader title="Seating" />

      <SeatingOrder players={players} onReorder={draft.reorder} />

      {layout ? <LayoutPicker count={count} layout={layout} names={names} onPick={draft.setLayoutPreset} /> : null}

      <section aria-labelledby="first-player-title" className="card wizard-card">
        <h2 id="first-player-title">Starting player</h2>
        <div className="first-player">
          <div className="field">
            <label htmlFor="first-player">First player</label>
            <select id="first-player" value={draft.firstPlayerKey ?? ''} onChange={(event) => draft.setFirstPlayer(event.target.value || null)}>
              <option value="">Choose a player</option>
              {players.map((player) => (
                <option key={player.key} value={player.key}>
                  {playerName(player)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--secondary"
            disabled={count === 0}
            onClick={() => draft.setFirstPlayer(players[chooseFirstPlayer(players.map((_, index) => index))]!.key)}
          >
            Random
          </button>
        </div>
      </section>

      <section aria-labelledby="players-setup-title" className="card wizard-card">
        <h2 id="players-setup-title">Commanders and decks</h2>
        <div className="player-setups">
          {players.map((player, index) => (
            <PlayerSetup
              key={player.key}
              player={player}
              seat={index}
              decks={decks}
              issues={attempted ? check.byParticipant[index] : undefined}
              onChange={(patch) => draft.updatePlayer(player.key, patch)}
              onChooseCommander={() => setEditingKey(player.key)}
            />
          ))}
        </div>
      </section>

      {brackets ? (
        <p role="status" className="alert">
          {brackets}
        </p>
      ) : null}

      {alert ? (
        <p role="alert" className="alert alert--error">
          {alert}
        </p>
      ) : null}

      <div className="wizard-actions">
        <button type="button" className="button button--secondary" onClick={() => void navigate({ to: '/game/setup' })}>
          Back
        </button>
        <button type="button" className="button" disabled={starting} onClick={() => void start()}>
          Start game
        </button>
      </div>

      <CommanderDialog
        playerName={editing ? playerName(editing) : null}
        commanderName={editing?.commanderName ?? ''}
        partnerCommanderName={editing?.partnerCommanderName ?? ''}
        onSave={(commanderName, partnerCommanderName) => {
          if (editing) draft.updatePlayer(editing.key, { commanderName, partnerCommanderName });
        }}
        onClose={() => setEditingKey(null)}
      />
    </main>
  );
}
