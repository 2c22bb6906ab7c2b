/**
 * How a tile's chips share its badge row (docs/playmat.md, "Tiles"): at most MAX_ROWS rows where
 * possible, so the life number keeps its room. The counters ('Poison 3', 'Monarch', 'Storm 2')
 * always show whole. What gives way: commander damage ('⚔ Ben 21', one chip per opposing
 * commander, largest first) — whole names, names cut shorter, then the largest amounts and a
 * '+3' chip for the rest (a tap on the damage opens the grid with all of it) — and at each step
 * the turn chip's ▶ before its words ('▶ Your turn', 'Your turn'); only when even the count
 * does not fit does the turn chip shrink to its ▶ alone, which the tile's ring backs.
 *
 * Chips are assigned to rows first-fit and drawn row by row, so a small chip fills a gap a
 * large one left; the damage chips keep their order, the ⚔ on the first. Pure: a text's width is estimated, never measured (nothing waits for layout),
 * and never under what the widest font we ship draws, so the rows in the page hold at least what
 * the plan put in them; the CSS still cuts a name that came out longer, never a number.
 */

/** Chip text size (playmat.css: .counter-badge-face), px. */
const FONT = 14;
/** A chip's padding, both sides together, and the gap between chips, px (playmat.css). */
const CHIP_PAD = 8;
const CHIP_GAP = 3;
/** An icon in a chip (⚔, ▶) and the gap after it, px. */
const ICON = 14 + 2;
export const MAX_ROWS = 2;
/** Name lengths tried for damage chips, longest first (characters, the ellipsis included). */
const NAME_LENGTHS = [Infinity, 8, 6, 4] as const;

/**
 * Advance of a character in em at weight 700, as measured in Debian's Chromium (DejaVu Sans,
 * the widest font we ship to; phones' Roboto and SF are narrower, so chips fit there too).
 */
function charEm(ch: string): number {
  if (ch === ' ') return 0.35;
  if (ch === '\u2026') return 1;
  if ('ijl.,:;\'\u2019|!'.includes(ch)) return 0.36;
  if ('ftr'.includes(ch)) return 0.5;
  if ('mw'.includes(ch)) return 1.05;
  if (ch >= '0' && ch <= '9') return 0.7;
  if (ch !== ch.toLowerCase()) return 0.8;
  return 0.7;
}

export function textWidth(text: string): number {
  return Array.from(text).reduce((sum, ch) => sum + charEm(ch) * FONT, 0);
}

/** A chip's estimated width, px. */
export function chipWidth(chip: Sized): number {
  return textWidth(chip.text) + CHIP_PAD + (chip.icon ? ICON : 0);
}

/** What the estimate needs of a chip: its words, and whether an icon leads them. */
export interface Sized {
  text: string;
  icon?: boolean;
}

/**
 * The row of each chip, placed in order into the first row with room (first fit). A chip of a
 * run (`run[i]`: the damage chips and their '+n') never goes before the one ahead of it, so the
 * run reads in order. A chip wider than the row wraps its words inside and takes a row of its
 * own per line it needs.
 */
export function assignRows(widths: readonly number[], room: number, run: readonly boolean[] = []): number[] {
  const used: number[] = [];
  let runRow = 0;
  return widths.map((width, i) => {
    const from = run[i] ? runRow : 0;
    let row: number;
    if (width > room) {
      row = used.length;
      for (let line = 0; line < Math.ceil(width / room); line += 1) used.push(room);
    } else {
      const found = used.findIndex((taken, r) => r >= from && taken + CHIP_GAP + width <= room);
      row = found === -1 ? used.push(width) - 1 : found;
      if (found !== -1) used[row]! += CHIP_GAP + width;
    }
    if (run[i]) runRow = row;
    return row;
  });
}

export function rowsFor(widths: readonly number[], room: number, run: readonly boolean[] = []): number {
  const rows = assignRows(widths, room, run);
  return widths.length === 0 ? 0 : Math.max(...rows.map((row, i) => row + Math.ceil(Math.max(widths[i]!, room) / room)));
}

/** 'Alexandrina' cut to 6 → 'Alexa…'. */
export function cutName(name: string, length: number): string {
  const chars = Array.from(name.trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, Math.max(1, length - 1)).join('')}\u2026`;
}

export interface DamageChip {
  /** Who dealt it, as the chip names them ('Ben', or a partner's commander). */
  name: string;
  amount: number;
}

/** How the turn chip reads: '▶ Your turn', 'Your turn', or its '▶' alone. */
export type TurnForm = 'full' | 'words' | 'icon';

export interface BadgePlan<T extends DamageChip> {
  /** The turn chip's form, or null when the tile shows no turn. */
  turn: TurnForm | null;
  /** The damage chips shown, largest amount first, each with the name it shows. */
  damage: { chip: T; name: string }[];
  /** How many damage chips the '+n' chip stands for (0: none). */
  hidden: number;
  /** The row of each chip, in the order turn, counters, damage, '+n'. */
  rows: number[];
  /** Rows the plan takes (more than MAX_ROWS only when even its smallest form does). */
  rowCount: number;
}

export const moreText = (hidden: number) => `+${hidden}`;
const turnChip = (form: TurnForm, words: string): Sized => (form === 'icon' ? { text: '', icon: true } : { text: words, icon: form === 'full' });

/**
 * The chips of a badge row of `room` px: the turn (its words `turnWords`, or null), the counters
 * (`status`, always whole) and the commander damage, as much of each as two rows hold.
 */
export function planBadges<T extends DamageChip>(turnWords: string | null, status: readonly Sized[], damage: readonly T[], room: number): BadgePlan<T> {
  const sorted = [...damage].sort((a, b) => b.amount - a.amount);
  const plan = (turn: TurnForm | null, shown: { chip: T; name: string }[], hidden: number): BadgePlan<T> => {
    // The first damage chip (or '+n' alone) carries the ⚔ that leads the run.
    const damageChips: Sized[] = [...shown.map(({ chip, name }) => ({ text: `${name} ${chip.amount}` })), ...(hidden > 0 ? [{ text: moreText(hidden) }] : [])].map(
      (chip, i) => ({ ...chip, icon: i === 0 }),
    );
    const chips = [...(turn && turnWords !== null ? [turnChip(turn, turnWords)] : []), ...status];
    const widths = [...chips, ...damageChips].map(chipWidth);
    const run = widths.map((_, i) => i >= chips.length);
    return { turn, damage: shown, hidden, rows: assignRows(widths, room, run), rowCount: rowsFor(widths, room, run) };
  };
  const named = (length: number, count = sorted.length) => sorted.slice(0, count).map((chip) => ({ chip, name: cutName(chip.name, length) }));
  const shortest = NAME_LENGTHS[NAME_LENGTHS.length - 1]!;

  // The damage, from all of it with whole names to its count alone.
  const damageOptions: [{ chip: T; name: string }[], number][] = NAME_LENGTHS.map((length) => [named(length), 0]);
  for (let count = sorted.length - 1; count > 0; count -= 1) damageOptions.push([named(shortest, count), sorted.length - count]);
  // One commander alone shows itself, however short its name; more, their count.
  damageOptions.push(sorted.length === 1 ? [named(shortest), 0] : [[], sorted.length]);
  // The turn keeps its words while the damage can give way (its icon goes first); its ▶ alone comes last.
  const tries: BadgePlan<T>[] = [];
  const forms: (TurnForm | null)[] = turnWords === null ? [null] : ['full', 'words'];
  for (const [shown, hidden] of damageOptions) for (const turn of forms) tries.push(plan(turn, shown, hidden));
  if (turnWords !== null) for (const [shown, hidden] of damageOptions) tries.push(plan('icon', shown, hidden));
  return tries.find((option) => option.rowCount <= MAX_ROWS) ?? tries[tries.length - 1]!;
}
