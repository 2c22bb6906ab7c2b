/**
 * Rule 0 on the layout page: when the seated decks' declared Commander Brackets (1–5) do not
 * match, the page shows a notice before Start game. Never blocks the start.
 *
 * The rule (docs/decisions.md):
 * - no seated deck declares a bracket: nothing to compare, no notice;
 * - the declared brackets differ by more than 1 (e.g. 2 and 4): 'spread';
 * - otherwise, at least one deck declares a bracket and another does not: 'undeclared'.
 * A deck this device does not know (another player's deck, a typed deck name) counts as not
 * declared: the device holds only its owner's decks, so the notice prompts the talk rather
 * than judging decks it cannot see.
 */

interface SeatBracket {
  name: string;
  /** The seated deck's declared bracket; null when not declared or not known to this device. */
  bracket: number | null;
}

type BracketMismatch = { kind: 'spread' | 'undeclared'; seats: readonly SeatBracket[] } | null;

/** The largest difference of declared brackets that still counts as a match (3 next to 4 is fine). */
const BRACKET_TOLERANCE = 1;

export function bracketMismatch(seats: readonly SeatBracket[]): BracketMismatch {
  if (seats.length < 2) return null;
  const declared = seats.flatMap((seat) => (seat.bracket === null ? [] : [seat.bracket]));
  if (declared.length === 0) return null;
  if (Math.max(...declared) - Math.min(...declared) > BRACKET_TOLERANCE) return { kind: 'spread', seats };
  if (declared.length < seats.length) return { kind: 'undeclared', seats };
  return null;
}

const BRACKET_TALK = 'Talk it over before you start.';

/** 'Brackets differ: Ana 2, Ben 4. Talk it over before you start.' — null when there is no mismatch. */
export function bracketNotice(mismatch: BracketMismatch): string | null {
  if (!mismatch) return null;
  const list = mismatch.seats.map((seat) => `${seat.name} ${seat.bracket ?? 'not declared'}`).join(', ');
  const head = mismatch.kind === 'spread' ? 'Brackets differ' : 'Not every deck declares a bracket';
  return `${head}: ${list}. ${BRACKET_TALK}`;
}
