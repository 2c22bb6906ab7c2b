/**
 * A story entry in words, with its source (docs/playmat.md "The whole story"): pure, read from
 * the event's own fields, so an entry reads the same on every phone and long after it happened.
 * - "Ben −7 (life 33)", "Ben +1 poison (3)", "Ben +2 Kinnan tax (4)";
 * - commander damage as the life it took: "Ben −7 (Kinnan’s commander damage from Ana)", taken
 *   back: "Ben +7 (Kinnan’s commander damage from Ana taken back)";
 * - a change that put a player out names why: "Cleo out: 21 commander damage from Ben",
 *   "Cleo out: 10 poison", "Cleo out: −7 (life −3)"; one that brought them back:
 *   "Cleo back in: +7 (life 4)";
 * - an undo names what it undid: "Undo: Ben −7"; the undo of a marker, custom counter or clock
 *   entry is logged with the entry's words ("Undo: Ana became the monarch", table-undo.ts);
 * - everything else (turns, markers — "Ana became the monarch" —, rolls, status) keeps the
 *   words it was logged with, as does a counter event that moved nothing.
 * Events logged before `total` existed read without the value after ("Ben −7").
 */
import { LETHAL_COMMANDER_DAMAGE, LETHAL_POISON, type Game, type GameEvent } from '../contract/game';
import { participantAt, seatName, signed, total as shown } from './events';

type Names = Pick<Game, 'participants'>;

const OUT = ' \u2014 out of the game';
const BACK = ' \u2014 back in the game';

/** A commander by its first word, as the tile's chips name it: 'Kinnan, Bonder Prodigy' → 'Kinnan'. */
function shortName(name: string | null | undefined): string {
  return name?.trim().split(/[\s,]+/)[0] || 'commander';
}

function commanderOf(game: Names, source: NonNullable<GameEvent['source']>): string {
  const owner = participantAt(game, source.seat);
  return shortName(source.which === 'partner' ? owner?.partnerCommanderName : owner?.commanderName);
}

/** Who dealt commander damage, as the out reason names them: "Ben", or "Ben’s Thrasios" for a partner pair. */
function dealer(game: Names, source: NonNullable<GameEvent['source']>): string {
  const owner = participantAt(game, source.seat);
  const name = seatName(game, source.seat);
  return owner?.partnerCommanderName ? `${name}\u2019s ${commanderOf(game, source)}` : name;
}

/** The change without the player's name: "−7 (life 33)", "+1 poison (3)". */
function change(game: Names, event: GameEvent, delta: number, total: number | undefined): string {
  const after = total === undefined ? '' : ` (${shown(total)})`;
  switch (event.counter) {
    case 'life':
      return `${signed(delta)}${total === undefined ? '' : ` (life ${shown(total)})`}`;
    case 'commanderDamage': {
      const from = `${commanderOf(game, event.source!)}\u2019s commander damage from ${seatName(game, event.source!.seat)}`;
      return `${signed(-delta)} (${from}${delta < 0 ? ' taken back' : ''})`;
    }
    case 'commanderTax':
      return `${signed(delta)} ${commanderOf(game, event.source!)} tax${after}`;
    default:
      return `${signed(delta)} ${event.counter}${after}`;
  }
}

function isCounterShaped(event: GameEvent): boolean {
  return (
    (event.kind === 'counter' || event.kind === 'undo') &&
    event.counter !== undefined &&
    event.seat !== undefined &&
    !!event.delta &&
    ((event.counter !== 'commanderDamage' && event.counter !== 'commanderTax') || event.source !== undefined)
  );
}

/** Why a change put the player out, when its own counter says so: "21 commander damage from Ben", "10 poison". */
function lethal(game: Names, event: GameEvent): string | null {
  if (event.total === undefined) return null;
  if (event.counter === 'commanderDamage' && event.total >= LETHAL_COMMANDER_DAMAGE) return `${event.total} commander damage from ${dealer(game, event.source!)}`;
  if (event.counter === 'poison' && event.total >= LETHAL_POISON) return `${event.total} poison`;
  return null;
}

export function storyText(event: GameEvent, game: Names): string {
  if (!isCounterShaped(event)) return event.text;
  const name = seatName(game, event.seat!);
  if (event.kind === 'undo') return `Undo: ${name} ${change(game, event, -event.delta!, undefined)}`;
  if (event.text.endsWith(OUT)) return `${name} out: ${lethal(game, event) ?? change(game, event, event.delta!, event.total)}`;
  if (event.text.endsWith(BACK)) return `${name} back in: ${change(game, event, event.delta!, event.total)}`;
  return `${name} ${change(game, event, event.delta!, event.total)}`;
}
