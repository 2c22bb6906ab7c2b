/**
 * The playmat's 'Game controls' panel: whose turn it is, where the game is saved, Pass turn,
 * Undo (the latest change not yet undone, from any device), End game (confirmed), and the
 * switch of the 'Recent events' panel.
 */
import { useState } from 'react';
import type { GameRow } from '../../db/schema';
import { seatName } from '../../game/events';
import { undoTarget } from '../../game/undo';
import { ConfirmDialog } from '../chats/ConfirmDialog';
import { SyncIndicator } from './SyncIndicator';

interface GameControlsProps {
  game: GameRow;
  eventsOpen: boolean;
  eventsId: string;
  onToggleEvents(): void;
  onPassTurn(): void;
  onUndo(): void;
  onEndGame(): void;
}

export function GameControls({ game, eventsOpen, eventsId, onToggleEvents, onPassTurn, onUndo, onEndGame }: GameControlsProps) {
  const [confirming, setConfirming] = useState(false);
  const active = game.status === 'ACTIVE';
  const target = undoTarget(game);

  return (
    <section aria-labelledby="game-controls-title" className="dock-panel game-controls">
      <h2 id="game-controls-title" className="dock-heading">
        Game controls
      </h2>
      <div className="game-status">
        <p className="game-turn">
          {active ? (
            <>
              Turn {game.turnNumber} · <strong>{seatName(game, game.activeSeat)}</strong>
            </>
          ) : (
            <>Final turn {game.turnNumber}</>
          )}
        </p>
        <SyncIndicator game={game} />
      </div>
      <div className="game-buttons">
        <button type="button" className="button" disabled={!active} onClick={onPassTurn}>
          Pass turn
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!target}
          title={target ? `Undo: ${target.text}` : undefined}
          onClick={onUndo}
        >
          Undo
        </button>
        <button type="button" className="button button--secondary" aria-expanded={eventsOpen} aria-controls={eventsId} onClick={onToggleEvents}>
          Events
        </button>
        {active ? (
          <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
            End game
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="End game?"
        description="Life totals and counters stay as they are now and can no longer be changed."
        confirmLabel="End game"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onEndGame();
        }}
      />
    </section>
  );
}
