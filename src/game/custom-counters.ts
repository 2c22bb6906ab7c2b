/**
 * Custom named counters (src/contract/custom-counters.ts): created at the table for one player
 * or for the table, stepped one at a time, removed with their value. Each is a part of a
 * whole-game change logged as a 'marker' event ("Ana: Storm 3", "Table: Treasure created",
 * "Ben's Rad counter removed (it was 3)"); the caller checks that a change is not a repeat
 * (update.ts). Games stored before custom counters existed have none (`customCountersOf`).
 *
 * Rules that never lose a step recorded offline:
 * - a step names the counter by id and moves its value by one, between 0 and
 *   CUSTOM_COUNTER_VALUE_MAX (a step past either end changes nothing and logs nothing), so steps
 *   recorded on two phones both count;
 * - two phones that create the same name (ignoring case) for the same owner before they sync
 *   get ONE counter: the create that arrives second merges into the first, whose id list then
 *   also answers to the second id (`aliases`), so the second phone's steps land on it too;
 * - a step or a removal of a counter that no longer exists (removed on another phone, or whose
 *   create was refused) changes nothing: the removal won.
 * Each event records what it changed (`change`, src/contract/table-change.ts; none for a merged
 * create) so the story can undo it (table-undo.ts).
 * The limits (CUSTOM_COUNTERS_MAX per owner, a unique name per owner) are refused here, on the
 * server and on the device alike; `newCounterProblem` says the same before the app queues one.
 */
import { GameText, type Game, type GameEvent } from '../contract/game';
import type { TableChange } from '../contract/table-change';
import {
  CUSTOM_COUNTER_ALIASES_MAX,
  CUSTOM_COUNTER_VALUE_MAX,
  CUSTOM_COUNTERS_MAX,
  CustomCounterText,
  customCounterName,
  type CustomCounter,
  type CustomCounterChange,
} from '../contract/custom-counters';
import { GameTableText } from '../contract/game-table';
import { GameRuleError } from './counters';
import { newId, nowIso, participantAt, pushEvent, seatName, type ChangeMeta } from './events';
import { tableOf, withTable } from './table';

type Meta = ChangeMeta & { eventId?: string };

/** Every custom counter of the game, in the order they were created; none in older games. */
export function customCountersOf(game: Game): readonly CustomCounter[] {
  return tableOf(game).customCounters ?? [];
}

/** The counters of one owner: a seat, or null for the table. */
export function countersOf(game: Game, seat: number | null): CustomCounter[] {
  return customCountersOf(game).filter((counter) => counter.seat === seat);
}

/** The counter `id` names (its own id or one merged into it). */
function counterById(game: Game, id: string): CustomCounter | undefined {
  return customCountersOf(game).find((counter) => counter.id === id || (counter.aliases ?? []).includes(id));
}

/** Names compare ignoring case (and how an accent was typed). */
function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** Who a counter belongs to, as the log says it: 'Table' or the player's name. */
export function ownerName(game: Game, seat: number | null): string {
  return seat === null ? 'Table' : seatName(game, seat);
}

function full(game: Game, seat: number | null): string {
  return seat === null ? CustomCounterText.tableFull : CustomCounterText.playerFull(seatName(game, seat));
}

function taken(game: Game, seat: number | null, name: string): string {
  return seat === null ? CustomCounterText.tableNameTaken(name) : CustomCounterText.playerNameTaken(seatName(game, seat), name);
}

/**
 * What stops a counter named `typed` for `seat` from being added here, or null: the name's rules,
 * a name the owner already has, or an owner at the limit. The tools sheet asks before it queues
 * a create, so a device never sends one it would refuse (a create that meets another phone's
 * counter of the same name after a sync merges instead: see the header).
 */
export function newCounterProblem(game: Game, typed: string, seat: number | null): string | null {
  const parsed = customCounterName.safeParse(typed);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? CustomCounterText.nameRequired;
  const mine = countersOf(game, seat);
  const same = mine.find((counter) => nameKey(counter.name) === nameKey(parsed.data));
  if (same) return taken(game, seat, same.name);
  if (mine.length >= CUSTOM_COUNTERS_MAX) return full(game, seat);
  return null;
}

function replaced(game: Game, counter: CustomCounter, next: CustomCounter | null): CustomCounter[] {
  return customCountersOf(game).flatMap((c) => (c.id !== counter.id ? [c] : next ? [next] : []));
}

function logged(game: Game, counters: CustomCounter[], seat: number | null, text: string, meta: Meta, change?: TableChange): Game {
  const at = meta.at ?? nowIso();
  const event: GameEvent = { id: meta.eventId ?? newId(), at, kind: 'marker', text };
  if (seat !== null) event.seat = seat;
  if (change) event.change = change;
  return { ...withTable(game, { customCounters: counters }), events: pushEvent(game.events, event), updatedAt: at };
}

type Create = Extract<CustomCounterChange, { action: 'create' }>;

/**
 * A new counter at 0 for `seat` (null: the table). A counter that already answers to `id`
 * changes nothing; the owner's counter of the same name (ignoring case) takes `id` as one of its
 * own instead (two phones created it offline); a full owner is refused.
 */
export function createCustomCounter(game: Game, { id, name, seat }: Omit<Create, 'action'>, meta: Meta = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (seat !== null && !participantAt(game, seat)) throw new GameRuleError(GameTableText.noSuchPlayer);
  if (counterById(game, id)) return game;
  const owner = ownerName(game, seat);
  const mine = countersOf(game, seat);
  const same = mine.find((counter) => nameKey(counter.name) === nameKey(name));
  if (same) {
    const aliases = [...(same.aliases ?? []), id];
    if (aliases.length > CUSTOM_COUNTER_ALIASES_MAX) throw new GameRuleError(taken(game, seat, same.name));
    return logged(game, replaced(game, same, { ...same, aliases }), seat, `${owner}: ${same.name} added twice, kept as one`, meta);
  }
  if (mine.length >= CUSTOM_COUNTERS_MAX) throw new GameRuleError(full(game, seat));
  const counter: CustomCounter = { id, name, seat, value: 0 };
  return logged(game, [...customCountersOf(game), counter], seat, `${owner}: ${name} created`, meta, { kind: 'counterCreate', id, name, seat });
}

/** One step up or down, between 0 and CUSTOM_COUNTER_VALUE_MAX; nothing past either end or on a counter that is gone. */
export function stepCustomCounter(game: Game, id: string, step: 1 | -1, meta: Meta = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  const counter = counterById(game, id);
  if (!counter) return game;
  const value = Math.min(CUSTOM_COUNTER_VALUE_MAX, Math.max(0, counter.value + step));
  if (value === counter.value) return game;
  const change: TableChange = { kind: 'counterStep', id: counter.id, step, before: counter.value, after: value };
  return logged(game, replaced(game, counter, { ...counter, value }), counter.seat, `${ownerName(game, counter.seat)}: ${counter.name} ${value}`, meta, change);
}

/** The counter goes with its value (said in the log); nothing when it is gone already. */
export function removeCustomCounter(game: Game, id: string, meta: Meta = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  const counter = counterById(game, id);
  if (!counter) return game;
  return logged(game, replaced(game, counter, null), counter.seat, removedText(game, counter), meta, { kind: 'counterRemove', counter: { ...counter } });
}

export function removedText(game: Game, counter: CustomCounter): string {
  const whose = counter.seat === null ? "The table's" : `${seatName(game, counter.seat)}'s`;
  return `${whose} ${counter.name} counter removed (it was ${counter.value})`;
}

/** What stops `counter` (removed earlier) from coming back as it was, or null: its id in use, its owner full or its name taken. */
export function restoreProblem(game: Game, counter: CustomCounter): string | null {
  if (counter.seat !== null && !participantAt(game, counter.seat)) return GameTableText.noSuchPlayer;
  if ([counter.id, ...(counter.aliases ?? [])].some((id) => counterById(game, id))) return taken(game, counter.seat, counter.name);
  const mine = countersOf(game, counter.seat);
  if (mine.some((other) => nameKey(other.name) === nameKey(counter.name))) return taken(game, counter.seat, counter.name);
  return mine.length >= CUSTOM_COUNTERS_MAX ? full(game, counter.seat) : null;
}

/**
 * Brings back a removed counter with its value and ids (the undo of a removal), after the others;
 * nothing when `restoreProblem` says it cannot. The caller logs the event (table-undo.ts).
 */
export function restoreCustomCounter(game: Game, counter: CustomCounter, meta: Meta = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (restoreProblem(game, counter)) return game;
  return logged(game, [...customCountersOf(game), { ...counter }], counter.seat, `${ownerName(game, counter.seat)}: ${counter.name} back (${counter.value})`, meta);
}

/** Applies one `customCounter` part of a whole-game change. */
export function applyCustomCounterChange(game: Game, change: CustomCounterChange, meta: Meta = {}): Game {
  if (change.action === 'create') return createCustomCounter(game, change, meta);
  if (change.action === 'step') return stepCustomCounter(game, change.id, change.step, meta);
  return removeCustomCounter(game, change.id, meta);
}
