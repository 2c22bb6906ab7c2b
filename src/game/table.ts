/**
 * The table's own state: the monarch and initiative markers, the order players went
 * out, the turn clock and the life each player had when the turn started (for the biggest
 * swing); and, once set, day or night, the city's blessing, the Ring levels, the custom
 * counters and the clocks' pauses and turn times (absent until then, and in games stored before
 * they existed: markers.ts, custom-counters.ts and clocks.ts read an absent one as none).
 * Games stored before the table state existed have no `table`; `tableOf` gives them one that
 * matches what can still be known (markers nobody holds, players already out in seat order).
 */
import type { Game, GameParticipant } from '../contract/game';
import type { LifeSwing, TableState } from '../contract/game-table';
import { IDLE_CLOCK, closeTurnClock, type TurnOwner } from './clock-state';

export function startingTable(participants: readonly Pick<GameParticipant, 'seatNumber' | 'lifeTotal'>[], at: string): TableState {
  return {
    monarchSeat: null,
    initiativeSeat: null,
    outOrder: [],
    turnStartedAt: at,
    turnStartLife: lifeBySeat(participants),
    biggestSwing: null,
  };
}

function lifeBySeat(participants: readonly Pick<GameParticipant, 'seatNumber' | 'lifeTotal'>[]): Record<string, number> {
  return Object.fromEntries(participants.map((p) => [String(p.seatNumber), p.lifeTotal]));
}

export function tableOf(game: Game): TableState {
  if (game.table) return game.table;
  return {
    ...startingTable(game.participants, game.updatedAt),
    outOrder: game.participants.filter((p) => p.out).map((p) => p.seatNumber),
  };
}

export function withTable(game: Game, patch: Partial<TableState>): Game {
  return { ...game, table: { ...tableOf(game), ...patch } };
}

/** `outOrder` after a player went out (appended) or came back (removed). */
export function trackOut(outOrder: readonly number[], seat: number, out: boolean): number[] {
  const rest = outOrder.filter((s) => s !== seat);
  return out ? [...rest, seat] : rest;
}

/** The larger of two swings (the earlier one on a tie); null when there is neither. */
function larger(a: LifeSwing | null, b: LifeSwing | null): LifeSwing | null {
  if (!a || !b) return a ?? b;
  return Math.abs(b.to - b.from) > Math.abs(a.to - a.from) ? b : a;
}

/** The biggest swing of the turn in progress (life now against life at its start), or null. */
export function currentTurnSwing(game: Game): LifeSwing | null {
  const table = tableOf(game);
  let best: LifeSwing | null = null;
  for (const player of game.participants) {
    const from = table.turnStartLife[String(player.seatNumber)] ?? player.lifeTotal;
    if (from === player.lifeTotal) continue;
    best = larger(best, { seat: player.seatNumber, from, to: player.lifeTotal, turnNumber: game.turnNumber });
  }
  return best;
}

/** The biggest swing of the game so far, the turn in progress included. */
export function biggestSwing(game: Game): LifeSwing | null {
  return larger(tableOf(game).biggestSwing, currentTurnSwing(game));
}

/**
 * Closes the turn in progress: its swings are weighed against the game's biggest, its time goes
 * to `owner`'s chess clock and the turn list (clock-state.ts), and a new turn starts at `at` from
 * everyone's life now. Called when the turn changes and when the game ends. A change undone within
 * the same turn never counts (only the net change of the turn does); a turn change that is itself
 * undone keeps what was weighed (known limit). `owner` is the active player's turn, except when
 * a pass is undone: the time since the pass was the earlier player's turn going on.
 */
export function closeTurn(game: Game, at: string, owner: TurnOwner = { seat: game.activeSeat, turnNumber: game.turnNumber }): Game {
  const table = tableOf(game);
  return withTable(game, {
    biggestSwing: biggestSwing(game),
    turnStartedAt: at,
    turnStartLife: lifeBySeat(game.participants),
    clock: closeTurnClock(table.clock ?? IDLE_CLOCK, table.turnStartedAt, at, owner),
  });
}
