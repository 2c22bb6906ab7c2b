/**
 * The playmat (the spec's Playmat screen, states and transitions, business constants): the game bar ('Game controls') and the
 * table, one tile per seat, in the my-seat view or the one-phone-in-the-middle view
 * (table/fit.ts). The recent events, the table tools and End game open as sheets over it.
 * A tap paints its tile from the tap overlay first and is recorded after (taps.ts, TableTiles);
 * the game bar and the sheets render from the mirror a moment later, so it all works with no
 * signal. An ended game shows its summary, and the final table on demand. The screen stays
 * awake while the game is live.
 */
import { useCallback, useMemo, useState } from 'react';
import type { SeatLayout, UpdateGameBody } from '../../../contract/game';
import type { GameRow } from '../../../db/schema';
import { lastStanding } from '../../../game/ending';
import { seatName } from '../../../game/events';
import { layoutFor } from '../../../game/layouts';
import { actions } from '../../../sync/app';
import { useMyId } from '../../../ui/sync-hooks';
import { EndGameDialog } from './end-game-dialog';
import { EventsSheet } from './events-sheet';
import { JoinSheet } from '../join/join-sheet';
import { WatchSheet } from '../watch/watch-sheet';
import { GameBar } from './game-bar';
import type { GameSheet } from './game-menu';
import { GameSummary } from './game-summary';
import { LastStanding } from './last-standing';
import { LeaveGameDialog } from './leave-game-dialog';
import { SyncFailure } from './sync-indicator';
import { middleView, mySeatView, type Area, type ScreenTile } from './table/fit';
import { buildRoster, damageSources, rosterKey } from './table/roster';
import { useArea } from './table/use-area';
import { reportRefusal, tapCounter, type CounterChange } from './tap-writes';
import { ToolsSheet } from './tools-sheet';
import { TableTiles } from './table-tiles';
import { useTableView, type TableView } from './use-table-view';
import { useWakeLock } from './use-wake-lock';

/** The game bar's size (playmat.css): 48 px on top of a portrait screen, 60 px beside a landscape one. */
const BAR = { portrait: 48, landscape: 60 };

/** Before the table is measured: the window less the bar. */
function windowArea(): Area {
  const width = typeof window === 'undefined' ? 360 : window.innerWidth;
  const height = typeof window === 'undefined' ? 640 : window.innerHeight;
  return width > height ? { width: width - BAR.landscape, height } : { width, height: height - BAR.portrait };
}

/** The game's seats, or the default layout for its player count when they do not fit (bad data). */
function seatsOf(game: GameRow): SeatLayout[] {
  const count = game.participants.length;
  const fits = game.participants.every((p) => game.seats.some((seat) => seat.seat === p.seatNumber));
  return fits || count < 2 || count > 8 ? game.seats : layoutFor(count, game.layoutPreset).seats;
}

function screenTiles(game: GameRow, view: TableView | null, mySeat: number | null, area: Area): ScreenTile[] {
  if (view === 'mine' && mySeat !== null && game.participants.length >= 2) {
    return mySeatView(game.participants.map((p) => p.seatNumber).sort((a, b) => a - b), mySeat, area);
  }
  return middleView(seatsOf(game), area).tiles;
}

const update = (gameId: string) => (change: Omit<UpdateGameBody, 'eventId'>) => void actions.updateGame(gameId, change).catch(reportRefusal);

export function Playmat({ game }: { game: GameRow }) {
  const live = game.status === 'ACTIVE';
  useWakeLock(live);
  // undefined while the session is read: the tiles wait for it, so the view does not jump on opening.
  const myId = useMyId();
  const [view, setView] = useTableView(game, myId);
  const [sheet, setSheet] = useState<GameSheet | null>(null);
  const [showTable, setShowTable] = useState(false);
  const [area, tableRef] = useArea<HTMLDivElement>(windowArea);
  const orientation = area.width > area.height ? 'landscape' : 'portrait';

  const mySeat = game.participants.find((p) => myId && p.userId === myId)?.seatNumber ?? null;
  const key = rosterKey(game);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when names or commanders change, not on every tap
  const roster = useMemo(() => buildRoster(game), [key]);
  const sources = useMemo(() => new Map([...roster.keys()].map((seat) => [seat, damageSources(roster, seat)])), [roster]);
  const layoutKey = JSON.stringify([game.seats, game.layoutPreset, game.participants.map((p) => p.seatNumber)]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the tiles move only when the layout, the view or the area does
  const tiles = useMemo(() => (myId === undefined ? [] : screenTiles(game, view, mySeat, area)), [layoutKey, view, mySeat, myId, area.width, area.height]);

  const gameId = game.id;
  const onChange = useCallback((change: CounterChange) => tapCounter(gameId, change), [gameId]);
  const onPassTurn = useCallback(() => void actions.passTurn(gameId).catch(reportRefusal), [gameId]);
  const onUndo = useCallback(() => void actions.undoLastChange(gameId).catch(reportRefusal), [gameId]);
  const onUpdate = useMemo(() => update(gameId), [gameId]);
  const standing = live ? lastStanding(game) : null;

  if (!live && !showTable) return <GameSummary game={game} onShowTable={() => setShowTable(true)} />;

  return (
    <main className={`playmat playmat--${orientation}`} aria-labelledby="playmat-title">
      <h1 id="playmat-title" className="visually-hidden">
        Playmat
      </h1>
      <GameBar
        game={game}
        view={view}
        onOpen={setSheet}
        onView={setView}
        onPassTurn={onPassTurn}
        onUndo={onUndo}
        onSummary={live ? undefined : () => setShowTable(false)}
        canLeave={mySeat !== null && game.createdById !== myId}
      />
      <div className="playmat-table" ref={tableRef}>
        <TableTiles mirror={game} tiles={tiles} roster={roster} sources={sources} onChange={onChange} />
        <LastStanding
          game={game}
          player={standing}
          name={standing ? seatName(game, standing.seatNumber) : ''}
          onEnd={(result) => (result ? onUpdate({ status: 'FINISHED', result }) : setSheet('end'))}
        />
        <SyncFailure game={game} />
      </div>
      <LeaveGameDialog open={sheet === 'leave'} gameId={game.id} onClose={() => setSheet(null)} />
      <EventsSheet open={sheet === 'events'} events={game.events} turnNumber={game.turnNumber} game={game} onClose={() => setSheet(null)} />
      {live ? <ToolsSheet open={sheet === 'tools'} game={game} onUpdate={onUpdate} onClose={() => setSheet(null)} /> : null}
      {live ? <JoinSheet open={sheet === 'join'} game={game} onClose={() => setSheet(null)} /> : null}
      {live ? <WatchSheet open={sheet === 'watch'} gameId={game.id} onClose={() => setSheet(null)} /> : null}
      {live ? (
        <EndGameDialog
          open={sheet === 'end'}
          game={game}
          proposedWinner={standing?.seatNumber ?? null}
          onEnd={(result) => onUpdate({ status: 'FINISHED', result })}
          onClose={() => setSheet(null)}
        />
      ) : null}
    </main>
  );
}
