/**
 * Table tools: a die of any size, a coin, a random player. The outcome is drawn on
 * the device that used the tool (`random` like Math.random; inject a seeded one in tests) and
 * then logged like any change, so it shows at once offline and the other phones see the same
 * result in the recent events.
 */
import { GameText, type Game, type GameEvent } from '../contract/game';
import { DIE_SIDES_MAX, DIE_SIDES_MIN, GameTableText, type GameRoll } from '../contract/game-table';
import { GameRuleError } from './counters';
import { newId, nowIso, participantAt, pushEvent, seatName, type ChangeMeta } from './events';

type Random = () => number;

/** 0..n-1, uniform when `random` is; a `random` that returns 1 is tolerated. */
function pick(n: number, random: Random): number {
  return Math.min(n - 1, Math.max(0, Math.floor(random() * n)));
}

export function rollDie(sides: number, random: Random = Math.random): GameRoll {
  if (!Number.isInteger(sides) || sides < DIE_SIDES_MIN || sides > DIE_SIDES_MAX) throw new RangeError(GameTableText.dieSides);
  return { tool: 'die', sides, result: pick(sides, random) + 1 };
}

export function flipCoin(random: Random = Math.random): GameRoll {
  return { tool: 'coin', result: pick(2, random) === 0 ? 'heads' : 'tails' };
}

/** A player still in the game (everyone, when nobody is in any more). */
export function randomPlayer(game: Game, random: Random = Math.random): GameRoll {
  const standing = game.participants.filter((p) => !p.out);
  const pool = standing.length > 0 ? standing : game.participants;
  return { tool: 'player', result: pool[pick(pool.length, random)]!.seatNumber };
}

export function rollText(game: Game, roll: GameRoll): string {
  switch (roll.tool) {
    case 'die':
      return `Rolled a d${roll.sides}: ${roll.result}`;
    case 'coin':
      return `Flipped a coin: ${roll.result}`;
    case 'player':
      return `Random player: ${seatName(game, roll.result)}`;
  }
}

/** Logs a tool's outcome. The caller checks that the change is not a repeat. */
export function recordRoll(game: Game, roll: GameRoll, meta: ChangeMeta & { eventId?: string } = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (roll.tool === 'player' && !participantAt(game, roll.result)) throw new GameRuleError(GameTableText.noSuchPlayer);
  const at = meta.at ?? nowIso();
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'roll', roll: { ...roll }, text: rollText(game, roll) };
  if (roll.tool === 'player') event.seat = roll.result;
  return { ...game, events: pushEvent(game.events, event), updatedAt: at };
}

/** The latest tool outcome still in the log, or null. */
export function latestRoll(game: Game): GameEvent | null {
  return game.events.find((event) => event.kind === 'roll') ?? null;
}
