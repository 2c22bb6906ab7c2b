/**
 * Counter rules of the playmat (the spec's states and transitions, validation rules and
 * business constants; official Commander rules):
 * - life may go negative; poison, energy, experience and each commander-damage entry are
 *   clamped at 0, and the event records the delta that actually applied;
 * - commander damage is tracked per (source seat, commander | partner): a partner pair is two
 *   separate entries, and 21 from ONE of them is lethal (rule 903.10a);
 * - commander damage is also life loss: an increment of +d damage changes life by −d (rule 903.10);
 * - `out` is derived after every change (life ≤ 0, poison ≥ 10, one entry ≥ 21): marked, never
 *   removed, and cleared when an undo brings the counters back; the table's `outOrder` follows
 *   (a player going out is appended, one coming back is taken out);
 * - commander tax is kept per own commander (and partner), clamped at 0; it changes no life;
 * - exactly once: an increment whose id is already logged (or in `appliedIds`) is a no-op, and a
 *   second undo of the same event is a no-op.
 */
import {
  INCREMENT_DELTA_MAX,
  LETHAL_COMMANDER_DAMAGE,
  LETHAL_POISON,
  GameText,
  commanderDamageKey,
  type CounterKind,
  type Game,
  type GameEvent,
  type GameIncrement,
  type GameParticipant,
} from '../contract/game';
import { GameTableText } from '../contract/game-table';
import { isApplied, isUndone, nowIso, participantAt, pushEvent, seatName, signed, total, type ChangeMeta } from './events';
import { tableOf, trackOut, withTable } from './table';

/** An increment that does not fit the game (unknown seat, ended game, …): the server answers 4xx. */
export class GameRuleError extends Error {
  override name = 'GameRuleError';
}

type PlainCounter = Exclude<CounterKind, 'commanderDamage' | 'commanderTax'>;
const FIELD = {
  life: 'lifeTotal',
  poison: 'poisonCounters',
  energy: 'energyCounters',
  experience: 'experienceCounters',
} as const satisfies Record<PlainCounter, keyof GameParticipant>;

export function isOut(player: Pick<GameParticipant, 'lifeTotal' | 'poisonCounters' | 'commanderDamage'>): boolean {
  return (
    player.lifeTotal <= 0 ||
    player.poisonCounters >= LETHAL_POISON ||
    Object.values(player.commanderDamage).some((damage) => damage >= LETHAL_COMMANDER_DAMAGE)
  );
}

/** Why `increment` cannot apply to `game`, or null when it can. */
export function incrementProblem(game: Game, increment: GameIncrement): string | null {
  if (game.status !== 'ACTIVE') return GameText.gameEnded;
  if (!participantAt(game, increment.seat)) return `There is no player in seat ${increment.seat + 1}.`;
  const { delta, source } = increment;
  if (!Number.isInteger(delta) || delta === 0 || Math.abs(delta) > INCREMENT_DELTA_MAX) {
    return `A change must be a whole number from ${-INCREMENT_DELTA_MAX} to ${INCREMENT_DELTA_MAX}, not 0.`;
  }
  if (increment.counter === 'commanderTax') {
    if (source?.seat !== increment.seat) return 'Commander tax needs one of the player\u2019s own commanders.';
    return source.which === 'partner' && !participantAt(game, increment.seat)!.partnerCommanderName ? GameTableText.noPartnerTax : null;
  }
  if (increment.counter !== 'commanderDamage') return source ? 'Only commander damage and commander tax have a source.' : null;
  if (!source) return 'Commander damage needs its source commander.';
  const owner = participantAt(game, source.seat);
  if (!owner) return `There is no player in seat ${source.seat + 1}.`;
  if (source.which === 'partner' && !owner.partnerCommanderName) return `${seatName(game, source.seat)} has no partner commander.`;
  return null;
}

interface Change {
  player: GameParticipant;
  applied: number;
  /** The counter's value after the change (commander damage: that commander's). */
  after: number;
  text: string;
}

function changeCommanderDamage(game: Game, player: GameParticipant, increment: GameIncrement): Change {
  const source = increment.source!;
  const key = commanderDamageKey(source);
  const before = player.commanderDamage[key] ?? 0;
  const after = Math.max(0, before + increment.delta);
  const applied = after - before;
  const commanderDamage = { ...player.commanderDamage };
  // Zero entries are dropped so equal totals are equal records, whatever the order of changes.
  if (after === 0) delete commanderDamage[key];
  else commanderDamage[key] = after;

  const owner = participantAt(game, source.seat)!;
  const commander = source.which === 'partner' ? owner.partnerCommanderName : owner.commanderName;
  const from = `${seatName(game, source.seat)}\u2019s ${commander}`;
  const name = seatName(game, player.seatNumber);
  const text =
    applied > 0
      ? `${name} took ${applied} commander damage from ${from}`
      : applied < 0
        ? `${name}: commander damage from ${from} ${signed(applied)} (${after})`
        : `${name}: no commander damage from ${from} to remove`;
  return { player: { ...player, commanderDamage, lifeTotal: player.lifeTotal - applied }, applied, after, text };
}

function changeTax(game: Game, player: GameParticipant, increment: GameIncrement): Change {
  const which = increment.source!.which;
  const before = player.commanderTax?.[which] ?? 0;
  const after = Math.max(0, before + increment.delta);
  const applied = after - before;
  const commanderTax = { ...player.commanderTax };
  if (after === 0) delete commanderTax[which];
  else commanderTax[which] = after;
  const commander = which === 'partner' ? player.partnerCommanderName : player.commanderName;
  const name = seatName(game, player.seatNumber);
  const text = applied === 0 ? `${name}: no tax on ${commander} to remove` : `${name}: ${commander} tax ${signed(applied)} (${after})`;
  const next: GameParticipant = { ...player, commanderTax };
  if (Object.keys(commanderTax).length === 0) delete next.commanderTax;
  return { player: next, applied, after, text };
}

function changeCounter(game: Game, player: GameParticipant, counter: PlainCounter, delta: number): Change {
  const field = FIELD[counter];
  const before = player[field];
  const after = counter === 'life' ? before + delta : Math.max(0, before + delta);
  const applied = after - before;
  const name = seatName(game, player.seatNumber);
  const text = applied === 0 ? `${name}: ${counter} already at 0` : `${name}: ${counter} ${signed(applied)} (${total(after)})`;
  return { player: { ...player, [field]: after }, applied, after, text };
}

/**
 * Applies one increment and logs it (newest first, 25 kept). Returns `game` itself when the
 * increment was already applied; throws GameRuleError when it does not fit the game
 * (check with `incrementProblem` first where refusing is the answer).
 */
export function applyIncrement(game: Game, increment: GameIncrement, meta: ChangeMeta = {}): Game {
  if (isApplied(game, increment.id, meta.appliedIds)) return game;
  if (increment.undoes !== undefined && isUndone(game, increment.undoes)) return game;
  const problem = incrementProblem(game, increment);
  if (problem) throw new GameRuleError(problem);

  const before = participantAt(game, increment.seat)!;
  const change =
    increment.counter === 'commanderDamage'
      ? changeCommanderDamage(game, before, increment)
      : increment.counter === 'commanderTax'
        ? changeTax(game, before, increment)
        : changeCounter(game, before, increment.counter, increment.delta);
  const out = isOut(change.player);
  const player = { ...change.player, out };
  let text = change.text;
  if (out && !before.out) text += ' \u2014 out of the game';
  if (!out && before.out) text += ' \u2014 back in the game';

  const at = meta.at ?? nowIso();
  const event: GameEvent = {
    id: increment.id,
    at,
    kind: increment.undoes !== undefined ? 'undo' : 'counter',
    seat: increment.seat,
    counter: increment.counter,
    delta: change.applied,
    total: change.after,
    text: increment.undoes !== undefined ? `Undo: ${text}` : text,
  };
  if (increment.source) event.source = { ...increment.source };
  if (increment.undoes !== undefined) event.undoes = increment.undoes;

  const next: Game = {
    ...game,
    participants: game.participants.map((p) => (p.seatNumber === increment.seat ? player : p)),
    events: pushEvent(game.events, event),
    updatedAt: at,
  };
  return out === before.out ? next : withTable(next, { outOrder: trackOut(tableOf(game).outOrder, increment.seat, out) });
}
