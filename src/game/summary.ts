/**
 * The "thanks for the game" summary, computed from the game record alone so every
 * participant's device shows the same one, offline too: winner (or draw), how and on which turn
 * it was won, who took out whom, duration (the game clock: pauses left out), turns, biggest life
 * swing (largest net change of one player's life within one turn), most commander damage dealt
 * (by one player's commanders together, on everyone), first out, and each player's commander,
 * time on their own turns and longest turn, in finishing order.
 */
import type { Game, GameParticipant } from '../contract/game';
import type { Elimination, WinMethod } from '../contract/game-ending';
import { clockOf, gameClockMs, longestTurns, seatClockMs } from './clocks';
import { biggestSwing } from './table';
import { participantAt } from './events';

export interface SummaryLine {
  player: GameParticipant;
  /** 1 for the winner, then by how long they lasted; null in a draw or with no result. */
  place: number | null;
  /** Their time on their own turns (the turn in progress included while the game is played). */
  turnMs: number;
  /** Their longest finished turn; null before they finished one (or in a game timed before turn times existed). */
  longestTurnMs: number | null;
}

export interface GameSummary {
  winner: GameParticipant | null;
  draw: boolean;
  /** How the winner won and the turn the game was decided on; null when End game did not say. */
  winMethod: WinMethod | null;
  onTurn: number | null;
  /** Who took out whom, first out first, as End game recorded it. */
  eliminations: Elimination[];
  /** The game clock: from the start to the end (or to `now` while the game is played), pauses left out. */
  durationMs: number;
  turns: number;
  biggestSwing: { player: GameParticipant; from: number; to: number; turnNumber: number } | null;
  mostCommanderDamage: { player: GameParticipant; amount: number } | null;
  firstOut: GameParticipant | null;
  /** Whether turn times were kept (not in games ended before they existed): the lines' times mean something. */
  turnsTimed: boolean;
  /** Winner first, then the last player out, …, the first out. */
  lines: SummaryLine[];
}

/** Commander damage dealt by each seat's commanders (commander and partner together). */
export function commanderDamageDealt(game: Game): Map<number, number> {
  const dealt = new Map<number, number>();
  for (const victim of game.participants) {
    for (const [key, amount] of Object.entries(victim.commanderDamage)) {
      const seat = Number(key.split(':')[0]);
      dealt.set(seat, (dealt.get(seat) ?? 0) + amount);
    }
  }
  return dealt;
}

function mostDamage(game: Game): GameSummary['mostCommanderDamage'] {
  let best: GameSummary['mostCommanderDamage'] = null;
  for (const [seat, amount] of [...commanderDamageDealt(game)].sort((a, b) => a[0] - b[0])) {
    const player = participantAt(game, seat);
    if (player && amount > 0 && (!best || amount > best.amount)) best = { player, amount };
  }
  return best;
}

/** Seats in finishing order: the winner, then the last out, …, the first out (seat order when there is no result). */
export function finishingOrder(game: Game): number[] {
  const result = game.result;
  const seats = game.participants.map((p) => p.seatNumber);
  if (!result) return seats;
  const out = [...result.outOrder].reverse();
  const head = result.winnerSeat !== null ? [result.winnerSeat] : [];
  const rest = seats.filter((seat) => !head.includes(seat) && !out.includes(seat));
  return [...head, ...out, ...rest];
}

export function gameSummary(game: Game, now: number = Date.now()): GameSummary {
  const result = game.result ?? null;
  const winner = result && result.winnerSeat !== null ? (participantAt(game, result.winnerSeat) ?? null) : null;
  const ranked = winner !== null;
  const swing = biggestSwing(game);
  const swingPlayer = swing ? participantAt(game, swing.seat) : undefined;
  const firstOutSeat = result ? result.outOrder[0] : undefined;
  const longest = longestTurns(game);
  return {
    winner,
    draw: result?.draw ?? false,
    winMethod: result?.winMethod ?? null,
    onTurn: result?.onTurn ?? null,
    eliminations: (result?.eliminations ?? []).filter((e) => participantAt(game, e.seat)).map((e) => ({ ...e })),
    durationMs: gameClockMs(game, now),
    turns: game.turnNumber,
    biggestSwing: swing && swingPlayer ? { player: swingPlayer, from: swing.from, to: swing.to, turnNumber: swing.turnNumber } : null,
    mostCommanderDamage: mostDamage(game),
    firstOut: firstOutSeat !== undefined && winner?.seatNumber !== firstOutSeat ? (participantAt(game, firstOutSeat) ?? null) : null,
    turnsTimed: clockOf(game).turnLog.length > 0,
    lines: finishingOrder(game).flatMap((seat, index) => {
      const player = participantAt(game, seat);
      return player ? [{ player, place: ranked ? index + 1 : null, turnMs: seatClockMs(game, seat, now), longestTurnMs: longest.get(seat) ?? null }] : [];
    }),
  };
}

/** '1 h 05 min', '42 min', '3 min' (a started minute counts once past 30 s). */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A running clock: '4:07', '1:02:09'. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
