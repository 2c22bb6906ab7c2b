/**
 * The undo of a marker, custom counter or clock entry of the story (docs/playmat.md "The whole
 * story"): the entry's `change` (src/contract/table-change.ts) reversed by the ordinary setters,
 * logged as an 'undo' event ("Undo: Ana became the monarch"). Shared by the app and the server
 * through `applyGameUpdate` (the `undo` part), so both compute the same game.
 *
 * What an undo does when other changes came after the entry:
 * - a value that is set (the monarch, the initiative, day/night, the city's blessing, a clock's
 *   pause) is put back only while it is still what the entry set: undoing an old "Ana became the
 *   monarch" after Ben took it changes nothing (undo Ben's entry first);
 * - a step (the Ring, a custom counter's step) is taken back like a counter's change, whatever
 *   else moved it since (two phones' steps add up, so do their undos); one that moved nothing
 *   (the Ring at its top level) has nothing to take back;
 * - a custom counter's creation is undone only while the counter is still at 0 (its steps undone
 *   first, or never made); its removal only while it can come back as it was (no counter of its
 *   name or ids, its owner not full).
 * An undo that no longer applies, or whose entry was undone already (here: the log; on the
 * server: the whole story, `meta` of applyGameUpdate), changes nothing and logs nothing.
 */
import { CUSTOM_COUNTER_VALUE_MAX } from '../contract/custom-counters';
import { GameText, type Game, type GameEvent } from '../contract/game';
import { RING_LEVEL_MAX } from '../contract/game-table';
import type { TableChange } from '../contract/table-change';
import { clockOf, ClockText, pauseClock, resumeClock } from './clocks';
import { GameRuleError } from './counters';
import { customCountersOf, ownerName, removeCustomCounter, removedText, restoreCustomCounter, restoreProblem, stepCustomCounter } from './custom-counters';
import { isUndone, signed, type ChangeMeta } from './events';
import {
  blessingText,
  DAY_NIGHT_TEXT,
  dayNightOf,
  hasCityBlessing,
  markerHolder,
  markerText,
  ringLevel,
  ringText,
  setCityBlessing,
  setDayNight,
  setMarker,
  stepRing,
} from './markers';

type Meta = ChangeMeta & { eventId?: string };

/** True when undoing an entry that made `change` would change the table now (see the header). */
export function tableUndoApplies(game: Game, change: TableChange): boolean {
  switch (change.kind) {
    case 'monarch':
    case 'initiative':
      return change.seat !== change.before && markerHolder(game, change.kind) === change.seat;
    case 'dayNight':
      return change.state !== change.before && dayNightOf(game) === change.state;
    case 'blessing':
      return hasCityBlessing(game, change.seat) === change.blessed;
    case 'ring': {
      if (change.before === change.after) return false;
      const level = ringLevel(game, change.seat);
      return change.step > 0 ? level > 0 : level < RING_LEVEL_MAX;
    }
    case 'counterCreate':
      return customCountersOf(game).some((counter) => counter.id === change.id && counter.value === 0);
    case 'counterStep': {
      if (change.before === change.after) return false;
      const counter = customCountersOf(game).find((c) => c.id === change.id || (c.aliases ?? []).includes(change.id));
      return counter !== undefined && (change.step > 0 ? counter.value > 0 : counter.value < CUSTOM_COUNTER_VALUE_MAX);
    }
    case 'counterRemove':
      return restoreProblem(game, change.counter) === null;
    case 'clock':
      return (clockOf(game).pausedAt !== null) === (change.action === 'pause');
  }
}

/** The words the entry was logged with, from its record and the names at the table. */
function entryText(game: Game, change: TableChange): string {
  switch (change.kind) {
    case 'monarch':
    case 'initiative':
      return markerText(game, change.kind, change.seat);
    case 'dayNight':
      return DAY_NIGHT_TEXT[change.state];
    case 'blessing':
      return blessingText(game, change.seat, change.blessed);
    case 'ring':
      return ringText(game, change.seat, change.step, change.after);
    case 'counterCreate':
      return `${ownerName(game, change.seat)}: ${change.name} created`;
    case 'counterStep': {
      const counter = customCountersOf(game).find((c) => c.id === change.id || (c.aliases ?? []).includes(change.id));
      return `${ownerName(game, counter?.seat ?? null)}: ${counter?.name ?? 'counter'} ${signed(change.step)}`;
    }
    case 'counterRemove':
      return removedText(game, change.counter);
    case 'clock':
      return change.action === 'pause' ? ClockText.paused : ClockText.resumed;
  }
}

/** The inverse of `change` through the ordinary setters (each logs one event under `meta.eventId`). */
function reverse(game: Game, change: TableChange, meta: Meta): Game {
  switch (change.kind) {
    case 'monarch':
    case 'initiative':
      return setMarker(game, change.kind, change.before, meta);
    case 'dayNight':
      return setDayNight(game, change.before, meta);
    case 'blessing':
      return setCityBlessing(game, change.seat, !change.blessed, meta);
    case 'ring':
      return stepRing(game, change.seat, change.step > 0 ? -1 : 1, meta);
    case 'counterCreate':
      return removeCustomCounter(game, change.id, meta);
    case 'counterStep':
      return stepCustomCounter(game, change.id, change.step > 0 ? -1 : 1, meta);
    case 'counterRemove':
      return restoreCustomCounter(game, change.counter, meta);
    case 'clock':
      return change.action === 'pause' ? resumeClock(game, meta) : pauseClock(game, meta);
  }
}

/**
 * Undoes entry `undoes`, which made `change`: the game with the change reversed and an 'undo'
 * event "Undo: <the entry's words>" under `meta.eventId`; `game` itself when the entry is undone
 * already or the undo no longer applies. The caller checks that the change is not a repeat.
 */
export function undoTableChange(game: Game, change: TableChange, undoes: string, meta: Meta = {}): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  if (isUndone(game, undoes) || !tableUndoApplies(game, change)) return game;
  const text = `Undo: ${entryText(game, change)}`;
  const next = reverse(game, change, meta);
  if (next === game) return game;
  const [logged, ...rest] = next.events;
  const event: GameEvent = { id: logged!.id, at: logged!.at, kind: 'undo', undoes, text };
  if (logged!.seat !== undefined) event.seat = logged!.seat;
  return { ...next, events: [event, ...rest] };
}
