/**
 * The playmat's 'Game controls' (the spec's Playmat screen): the game menu, whose turn it is and
 * their chess clock, where the game is saved, the game clock ('Paused' in words while the clocks
 * are paused), day or night once the table has either (a chip with its word), the table's custom
 * counters (chips as far as there is room, then "+N"; a tap opens Table tools), Undo (the latest
 * change not yet undone, from any device) and Pass turn. A slim bar on top of a portrait screen,
 * a column at the side of a landscape one, so the tiles keep the table. On a narrow bar the
 * active player's name gives way (ellipsis), never the clocks or a counter's number. The latest
 * event is announced politely from here.
 */
import type { GameRow } from '../../../db/schema';
import { isClockPaused } from '../../../game/clocks';
import { seatName } from '../../../game/events';
import { countersOf } from '../../../game/custom-counters';
import { dayNightOf } from '../../../game/markers';
import { undoTarget } from '../../../game/undo';
import { actions } from '../../../sync/app';
import { BarCounters, counterSlots } from './bar-counters';
import { GameClock, TurnClock } from './game-clock';
import { GameMenu, type GameSheet } from './game-menu';
import { SyncIndicator } from './sync-indicator';
import { reportRefusal } from './tap-writes';
import type { Area } from './table/fit';
import { MoonIcon, PassIcon, SunIcon, UndoIcon } from './table/icons';
import { useArea } from './table/use-area';
import type { TableView } from './use-table-view';

interface GameBarProps {
  game: GameRow;
  view: TableView | null;
  onOpen(sheet: GameSheet): void;
  onView(view: TableView): void;
  onPassTurn(): void;
  onUndo(): void;
  onSummary?: () => void;
  canLeave?: boolean;
}

/** The bar before it is measured (playmat.css): a 48 px strip across a portrait window, a 60 px column beside a landscape one. */
function barFallback(): Area {
  const width = typeof window === 'undefined' ? 360 : window.innerWidth;
  const height = typeof window === 'undefined' ? 640 : window.innerHeight;
  return width > height ? { width: 60, height } : { width, height: 48 };
}

/** 'Day' or 'Night' with its glyph; nothing while the table is neither. */
function DayNightChip({ game }: { game: GameRow }) {
  const state = dayNightOf(game);
  if (state === 'none') return null;
  return (
    <p className={`day-night-chip day-night-chip--${state}`}>
      {state === 'day' ? <SunIcon /> : <MoonIcon />}
      <span>{state === 'day' ? 'Day' : 'Night'}</span>
    </p>
  );
}

export function GameBar({ game, view, onOpen, onView, onPassTurn, onUndo, onSummary, canLeave }: GameBarProps) {
  const live = game.status === 'ACTIVE';
  const target = undoTarget(game);
  const active = seatName(game, game.activeSeat);
  const paused = isClockPaused(game);
  const [size, barRef] = useArea<HTMLElement>(barFallback);
  const onClock = (action: 'pause' | 'resume') => void actions.updateGame(game.id, { clock: { action } }).catch(reportRefusal);
  return (
    <section ref={barRef} className={`game-bar${paused ? ' game-bar--paused' : ''}`} aria-labelledby="game-controls-title">
      <h2 id="game-controls-title" className="visually-hidden">
        Game controls
      </h2>
      <GameMenu live={live} view={view} onOpen={onOpen} onView={onView} onSummary={onSummary} canLeave={canLeave} paused={paused} onClock={onClock} />
      <div className="game-bar-status">
        <p className="game-turn">
          {live ? (
            <span className="game-turn-long">
              Turn {game.turnNumber} · <strong className="game-turn-name">{active}</strong>
            </span>
          ) : (
            <span className="game-turn-long">Final turn {game.turnNumber}</span>
          )}
          <span className="game-turn-short" aria-hidden="true">
            T{game.turnNumber}
          </span>
          {live ? <TurnClock game={game} /> : null}
        </p>
        <p className="game-meta">
          <SyncIndicator game={game} />
          <span className="game-meta-sep" aria-hidden="true">
            ·
          </span>
          <GameClock game={game} />
        </p>
      </div>
      <DayNightChip game={game} />
      {live ? <BarCounters counters={countersOf(game, null)} slots={counterSlots(size.width, size.height)} onOpen={() => onOpen('tools')} /> : null}
      <button type="button" className="bar-button" disabled={!target} title={target ? `Undo: ${target.text}` : undefined} onClick={onUndo} aria-label="Undo">
        <UndoIcon />
      </button>
      <button type="button" className="bar-button bar-button--primary" disabled={!live} onClick={onPassTurn} aria-label="Pass turn">
        <PassIcon />
        <span className="bar-button-text" aria-hidden="true">
          Pass
        </span>
      </button>
      <p className="visually-hidden" aria-live="polite">
        {game.events[0]?.text ?? ''}
      </p>
    </section>
  );
}
