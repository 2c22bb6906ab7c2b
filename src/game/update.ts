/**
 * A whole-game change (PUT /api/games/{id}, and the `game.update` mutation): resume, a turn
 * change, a new layout, the monarch and the initiative, day or night, the city's blessing, a
 * step of the Ring, a custom counter's creation, step or removal, a table tool's outcome, a pause
 * or resume of the clocks, end (with its result), the undo of a marker, custom counter or clock
 * entry (table-undo.ts). One pure function shared by the app (optimistic change, rebase) and the
 * server (apply under the game's row lock), so both compute the same game.
 *
 * Order inside one change: resume first and end last, so one change can resume-and-pass or
 * pass-and-end. Event ids: a change with `eventId` E is applied once — a game that has logged E
 * (or whose `appliedIds` hold it) takes the whole change as a repeat and stays as it is. The
 * turn event is E itself; otherwise the first part that logs something is E, and any further
 * part logs `E:<part>` (e.g. `E:roll`), so the app and the server name every event alike.
 */
import { GameText, layoutProblems, type Game, type UpdateGameBody } from '../contract/game';
import { GameRuleError } from './counters';
import { endGame } from './ending';
import { applyClockChange } from './clocks';
import { applyCustomCounterChange } from './custom-counters';
import { isApplied, newId, type ChangeMeta } from './events';
import { setCityBlessing, setDayNight, setMarker, stepRing } from './markers';
import { setStatus } from './status';
import { undoTableChange } from './table-undo';
import { recordRoll } from './tools';
import { applyTurnChange } from './turns';

export interface UpdateMeta extends ChangeMeta {
  /**
   * The event this change undoes was already undone, or is no entry this undo may reverse (the
   * server knows beyond the 25-event log): the undo changes nothing.
   */
  undoneAlready?: boolean;
}

function changeLayout(game: Game, body: UpdateGameBody, meta: UpdateMeta): Game {
  if (game.status !== 'ACTIVE') throw new GameRuleError(GameText.gameEnded);
  const seats = [...(body.seats ?? game.seats)].sort((a, b) => a.seat - b.seat);
  const problem = layoutProblems(seats, game.participants.length)[0];
  if (problem) throw new GameRuleError(problem);
  const layoutPreset = body.layoutPreset ?? game.layoutPreset;
  if (layoutPreset === game.layoutPreset && JSON.stringify(seats) === JSON.stringify(game.seats)) return game;
  return { ...game, layoutPreset, seats, updatedAt: meta.at ?? game.updatedAt };
}

/** The game after `body`; `game` itself when nothing changes (a repeat, or no difference). */
export function applyGameUpdate(game: Game, body: UpdateGameBody, meta: UpdateMeta = {}): Game {
  if (body.eventId !== undefined && isApplied(game, body.eventId, meta.appliedIds)) return game;
  const base = body.eventId ?? newId();
  const turnRequested = body.activeSeat !== undefined || body.turnNumber !== undefined;
  let primaryTaken = turnRequested;
  let next = game;

  /** Applies one event-logging part under its id (see the header), skipping it if already logged. */
  const part = (name: string, apply: (current: Game, eventId: string) => Game) => {
    const eventId = primaryTaken ? `${base}:${name}` : base;
    if (isApplied(next, eventId, meta.appliedIds)) return;
    const after = apply(next, eventId);
    if (after !== next) primaryTaken = true;
    next = after;
  };

  if (body.status === 'ACTIVE') part('resume', (g, eventId) => setStatus(g, 'ACTIVE', { ...meta, eventId }));
  if (turnRequested && !meta.undoneAlready) {
    next = applyTurnChange(
      next,
      { eventId: base, activeSeat: body.activeSeat ?? next.activeSeat, turnNumber: body.turnNumber ?? next.turnNumber, undoes: body.undoes },
      meta,
    );
  }
  if (body.layoutPreset !== undefined || body.seats !== undefined) next = changeLayout(next, body, meta);
  if (body.monarchSeat !== undefined) part('monarch', (g, eventId) => setMarker(g, 'monarch', body.monarchSeat!, { ...meta, eventId }));
  if (body.initiativeSeat !== undefined) {
    part('initiative', (g, eventId) => setMarker(g, 'initiative', body.initiativeSeat!, { ...meta, eventId }));
  }
  if (body.dayNight !== undefined) part('dayNight', (g, eventId) => setDayNight(g, body.dayNight!, { ...meta, eventId }));
  if (body.cityBlessing !== undefined) {
    const { seat, blessed } = body.cityBlessing;
    part('blessing', (g, eventId) => setCityBlessing(g, seat, blessed, { ...meta, eventId }));
  }
  if (body.ring !== undefined) {
    const { seat, step } = body.ring;
    part('ring', (g, eventId) => stepRing(g, seat, step, { ...meta, eventId }));
  }
  if (body.customCounter !== undefined) part('custom', (g, eventId) => applyCustomCounterChange(g, body.customCounter!, { ...meta, eventId }));
  if (body.roll !== undefined) part('roll', (g, eventId) => recordRoll(g, body.roll!, { ...meta, eventId }));
  if (body.clock !== undefined) part('clock', (g, eventId) => applyClockChange(g, body.clock!, { ...meta, eventId }));
  if (body.undo !== undefined && body.undoes !== undefined && !meta.undoneAlready) {
    part('undo', (g, eventId) => undoTableChange(g, body.undo!, body.undoes!, { ...meta, eventId }));
  }
  if (body.status === 'FINISHED') part('end', (g, eventId) => endGame(g, body.result, { ...meta, eventId }));
  return next;
}
