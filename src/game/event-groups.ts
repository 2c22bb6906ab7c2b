/**
 * The recent-events log as the Recent events sheet shows it (docs/playmat.md): each entry with
 * the turn it happened in, and runs of the same change grouped — five "Ben: life −1" in a row,
 * on the same counter (and the same source commander) in the same turn, read as one
 * "Ben: life −5 (35)" of 5 changes. Display only: the log itself is untouched, so Undo still
 * reverses the newest single change (src/game/undo.ts reads `game.events`, never these groups).
 *
 * Grouped: counter changes (not undos) of one seat, counter and source, all adding or all
 * taking away, in one turn, next to each other in the log. A change that put a player out or
 * brought them back stays on its own line, so that moment keeps its words.
 */
import { RECENT_EVENTS_MAX, type GameEvent } from '../contract/game';
import { signed } from './events';

export interface EventGroup {
  /** The newest event's id (a stable React key while the group grows). */
  id: string;
  /** Newest first, as in the log. */
  events: GameEvent[];
  kind: GameEvent['kind'];
  /** The newest event's text, or for a group the summed change ("Ben: life −5 (35)"). */
  text: string;
  /** The newest event's time. */
  at: string;
  /** The turn the events happened in; null when the log cannot tell (see eventTurns). */
  turn: number | null;
}

/** An event that changed the turn, with the turn it made current (a pass, or the undo of one). */
function turnChange(event: GameEvent): number | null {
  if (event.turnNumber === undefined) return null;
  if (event.kind === 'turn') return event.turnNumber;
  return event.kind === 'undo' && event.counter === undefined ? event.turnNumber : null;
}

/** The turn that was current before `event` (a pass adds one; the undo of a pass took one away). */
function turnBefore(event: GameEvent, after: number): number {
  return Math.max(1, event.kind === 'turn' ? after - 1 : after + 1);
}

/**
 * The turn of each event (newest first, like the log). Counted back from `currentTurn` when it
 * is known; otherwise from the newest turn change in the log, or turn 1 when the log is not yet
 * full and has none (it then holds the whole game). A full log with no turn change and no
 * current turn cannot tell: null.
 */
export function eventTurns(events: readonly GameEvent[], currentTurn?: number): (number | null)[] {
  let turn: number | null = currentTurn ?? null;
  if (turn === null) {
    const newest = events.map(turnChange).find((value) => value !== null);
    turn = newest ?? (events.length < RECENT_EVENTS_MAX ? 1 : null);
  }
  return events.map((event) => {
    const made = turnChange(event);
    const own = made ?? turn;
    if (made !== null) turn = turnBefore(event, made);
    return own;
  });
}

const OUT_OR_BACK = ' \u2014 ';

function groupable(event: GameEvent): boolean {
  return event.kind === 'counter' && event.seat !== undefined && !!event.delta && !event.text.includes(OUT_OR_BACK);
}

function sameRun(a: GameEvent, b: GameEvent, turnA: number | null, turnB: number | null): boolean {
  return (
    groupable(a) &&
    groupable(b) &&
    turnA === turnB &&
    a.seat === b.seat &&
    a.counter === b.counter &&
    a.source?.seat === b.source?.seat &&
    a.source?.which === b.source?.which &&
    Math.sign(a.delta!) === Math.sign(b.delta!)
  );
}

/**
 * The newest event's words with the run's sum in place of its own change: "Ben: life −1 (35)"
 * → "Ben: life −5 (35)"; "Ana took 2 commander damage from …" → "Ana took 6 …". Text of another
 * shape keeps its words (the row still says how many changes it holds).
 */
export function summedText(newest: GameEvent, sum: number): string {
  const delta = newest.delta ?? 0;
  const took = ` took ${delta} commander damage`;
  if (delta > 0 && newest.text.includes(took)) return newest.text.replace(took, ` took ${sum} commander damage`);
  const change = `${signed(delta)} (`;
  const at = newest.text.lastIndexOf(change);
  if (at === -1) return newest.text;
  return `${newest.text.slice(0, at)}${signed(sum)} (${newest.text.slice(at + change.length)}`;
}

export function groupEvents(events: readonly GameEvent[], currentTurn?: number): EventGroup[] {
  const turns = eventTurns(events, currentTurn);
  const groups: EventGroup[] = [];
  let runTurn: number | null = null;
  events.forEach((event, i) => {
    const last = groups[groups.length - 1];
    const previous = last?.events[last.events.length - 1];
    if (last && previous && sameRun(previous, event, runTurn, turns[i]!)) {
      last.events.push(event);
      return;
    }
    runTurn = turns[i]!;
    groups.push({ id: event.id, events: [event], kind: event.kind, text: event.text, at: event.at, turn: turns[i]! });
  });
  for (const group of groups) {
    if (group.events.length > 1) group.text = summedText(group.events[0]!, group.events.reduce((sum, event) => sum + event.delta!, 0));
  }
  return groups;
}
