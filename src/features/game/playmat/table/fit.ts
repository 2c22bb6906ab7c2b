/**
 * Where each tile goes on the screen and how its face is arranged (docs/playmat.md). Pure: no
 * React, no DOM; the playmat measures its table area and asks.
 *
 * A tile's *face* is its content turned toward its player: for a tile turned a quarter (90/270)
 * the face is laid out in the tile's height × width. `faceFit` picks the arrangement (FaceMode)
 * that gives the biggest life number while keeping every control 44 px and the first 8
 * characters of the name; the middle-of-the-table view turns
 * the whole stored layout a quarter when that makes the smallest life number bigger.
 */
import { GRID_SIZE, type SeatLayout, type SeatRotation } from '../../../../contract/game';

/** Minimum tap target (docs/architecture.md, "Conventions"). */
export const TAP = 44;
/** Padding of a face and the gap between its rows, px (playmat.css). */
const PAD = 4;
const GAP = 4;
/** A name with commanders under it, a row of badges, one line of text, px. */
const IDENT = 36;
const BADGES = 22;
const LINE = 18;
/** Room for the first 8 characters of a name and an ellipsis in the smallest name font (13 px, weight 800). */
const NAME_MIN = 86;
/** Room kept each side of the life number for the faint − and + of the halves (stacked and narrow faces), px. */
export const GLYPH_ROOM = 20;
/** The smallest life box worth a face: one line of text, px. */
const LIFE_MIN = LINE;
/**
 * Advance of the life font's characters in em (system-ui at weight 800, tabular figures, as
 * measured in Debian's Chromium, the widest we ship to; phones' Roboto and SF are narrower).
 */
const FIGURE_EM = 0.7;
const MINUS_EM = 0.84;
/** The life box is never filled to the edge vertically: the line box is taller than the figures. */
const LIFE_FILL = 0.95;

/** Width of `text` in the life font, in em (playmat.css reads it as --em). */
export function lifeEm(text: string): number {
  return Array.from(text).reduce((sum, ch) => sum + (ch === '\u2212' || ch === '-' ? MINUS_EM : FIGURE_EM), 0);
}

/**
 * Face arrangements (playmat.css). In every one the controls keep their corners of the face:
 * −5 top right (in the − half), +5 bottom right (in the + half), ⋯ bottom left; the name top left.
 * - 'stacked': name and commanders beside −5 / life / badges / ⋯ … +5 — on a wide face the
 *   badges sit between ⋯ and +5 instead (FaceFit.inlineBadges), leaving the life their row;
 * - 'narrow': name and commanders across the top / −5 / life / badges / ⋯ … +5 — for thin faces;
 * - 'side': name across the top, −5 and +5 down the right, ⋯ down the left, life between them,
 *   badges under ⋯ and the life — for short faces; on the shortest, between ⋯ and +5 (inlineBadges).
 */
export type FaceMode = 'stacked' | 'narrow' | 'side';

export interface FaceFit {
  mode: FaceMode;
  /** Life font size in px for `text` ('40', '−12', '100'). */
  lifeFont: number;
  /** False when even the best arrangement cannot hold its controls and an 8-character name. */
  fits: boolean;
  /**
   * The badges sit between ⋯ and +5 (playmat.css: .tile--inline-badges): a stacked face wide
   * enough to give the life number their row, or a side face too short for ⋯ over them.
   */
  inlineBadges: boolean;
}

/** The badge room between ⋯ and +5 from which a stacked face puts its badges there: two rows of a few chips, px. */
const INLINE_BADGES_MIN = 200;

function lifeFont(boxWidth: number, boxHeight: number, em: number): number {
  if (boxHeight < LIFE_MIN) return 0;
  return Math.max(0, Math.min(boxHeight * LIFE_FILL, boxWidth / em));
}

export function faceFit(width: number, height: number, text = '40'): FaceFit {
  const em = lifeEm(text);
  const inline = width - 2 * PAD - 2 * TAP - 2 * GAP >= INLINE_BADGES_MIN;
  const candidates: FaceFit[] = [
    {
      mode: 'stacked',
      lifeFont: lifeFont(width - 2 * PAD - 2 * GLYPH_ROOM, height - 2 * PAD - 2 * TAP - (inline ? 2 * GAP : BADGES + 3 * GAP), em),
      fits: width >= 2 * PAD + TAP + GAP + NAME_MIN && height >= 2 * PAD + 2 * TAP + BADGES + 3 * GAP + LIFE_MIN,
      inlineBadges: inline,
    },
    {
      mode: 'narrow',
      lifeFont: lifeFont(width - 2 * PAD - 2 * GLYPH_ROOM, height - 2 * PAD - IDENT - 2 * TAP - BADGES - 4 * GAP, em),
      fits: width >= 2 * PAD + Math.max(NAME_MIN, 2 * TAP + GAP) && height >= 2 * PAD + IDENT + 2 * TAP + BADGES + 4 * GAP + LIFE_MIN,
      inlineBadges: false,
    },
    {
      mode: 'side',
      lifeFont: lifeFont(width - 2 * PAD - 2 * TAP - 2 * GAP, height - 2 * PAD - LINE - BADGES - 2 * GAP, em),
      // ⋯ sits in the left column under the name and over the badges; −5 over +5 in the right one.
      fits: height >= Math.max(2 * PAD + 2 * TAP + GAP, 2 * PAD + LINE + TAP + BADGES + 2 * GAP) && width >= 2 * PAD + TAP + GAP + NAME_MIN,
      // ⋯ over a two-row (44 px) badge row lies in the face's lower half only from 148 px up;
      // on a shorter face the badges go between ⋯ and +5, so ⋯ keeps its corner.
      inlineBadges: height < 2 * (PAD + GAP + TAP + TAP / 2),
    },
  ];
  const fitting = candidates.filter((fit) => fit.fits && fit.lifeFont > 0);
  if (fitting.length === 0) return { ...candidates[2]!, fits: false };
  return fitting.reduce((best, fit) => (fit.lifeFont > best.lifeFont ? fit : best));
}

/** The width of a face's badge row (playmat.css): the whole face, beside +5 in a side face, between ⋯ and +5 when inline. */
export function badgeRoom(faceWidth: number, fit: Pick<FaceFit, 'mode' | 'inlineBadges'>): number {
  if (fit.inlineBadges) return faceWidth - 2 * PAD - 2 * TAP - 2 * GAP;
  return fit.mode === 'side' ? faceWidth - 2 * PAD - TAP - GAP : faceWidth - 2 * PAD;
}

/** One tile on the screen, in px of the table area. */
export interface ScreenTile {
  seat: number;
  left: number;
  top: number;
  width: number;
  height: number;
  rotation: SeatRotation;
}

export interface Area {
  width: number;
  height: number;
}

export const isQuarterTurn = (rotation: number) => rotation === 90 || rotation === 270;

/** The face of a tile: its box, turned toward the player. */
export function faceOf(tile: Pick<ScreenTile, 'width' | 'height' | 'rotation'>): Area {
  return isQuarterTurn(tile.rotation) ? { width: tile.height, height: tile.width } : { width: tile.width, height: tile.height };
}

/** The smallest life number of a set of tiles (the score of an arrangement), 0 when a face does not fit. */
export function smallestLife(tiles: readonly ScreenTile[]): number {
  return Math.min(
    ...tiles.map((tile) => {
      const face = faceOf(tile);
      const fit = faceFit(face.width, face.height);
      return fit.fits ? fit.lifeFont : 0;
    }),
  );
}

/** A seat of the 30 × 30 grid turned a quarter clockwise with the whole table (its player with it). */
export function quarterTurn(seat: SeatLayout): SeatLayout {
  return {
    seat: seat.seat,
    left: GRID_SIZE - seat.top - seat.height,
    top: seat.left,
    width: seat.height,
    height: seat.width,
    rotation: ((seat.rotation + 90) % 360) as SeatRotation,
  };
}

function toScreen(seat: SeatLayout, area: Area): ScreenTile {
  const x = (cells: number) => (cells / GRID_SIZE) * area.width;
  const y = (cells: number) => (cells / GRID_SIZE) * area.height;
  return { seat: seat.seat, left: x(seat.left), top: y(seat.top), width: x(seat.width), height: y(seat.height), rotation: seat.rotation };
}

/**
 * The one-phone-in-the-middle view: the game's stored seats stretched over the table area, as
 * stored or turned a quarter — whichever gives the larger smallest life number (ties: as stored).
 * Turning keeps every player's place around the table and turns their tile with them.
 */
export function middleView(seats: readonly SeatLayout[], area: Area): { turned: boolean; tiles: ScreenTile[] } {
  const asStored = seats.map((seat) => toScreen(seat, area));
  const turned = seats.map((seat) => toScreen(quarterTurn(seat), area));
  return smallestLife(turned) > smallestLife(asStored) ? { turned: true, tiles: turned } : { turned: false, tiles: asStored };
}

/**
 * My-seat view templates: rows of cells, 'M' is me, a number n is the player n seats after me in
 * turn order (1 sits on my left in Commander, which passes turns to the left). Opponents go
 * around me: up my left side, across the top, down my right side. Each row is cut into equal
 * cells; cells with the same name form one tile (their bounding box). A row's height is its
 * weight's share: my own row weighs MY_ROW_WEIGHT, so on my own phone my tile is the largest
 * (its area and its life number; fit.test.ts checks every count both ways).
 */
interface SeatTemplate {
  rows: string[];
  weights: number[];
}
const MY_ROW_WEIGHT = 1.3;
const plain = (rows: string[]): SeatTemplate => ({ rows, weights: rows.map(() => 1) });
/** My row (the last) weighs more than the others. */
const mineLast = (rows: string[]): SeatTemplate => ({ rows, weights: rows.map((_, i) => (i === rows.length - 1 ? MY_ROW_WEIGHT : 1)) });

const MY_SEAT_PORTRAIT: Record<number, SeatTemplate> = {
  1: mineLast(['1', 'M']),
  2: mineLast(['1 2', 'M M']),
  3: mineLast(['2 2', '1 3', 'M M']),
  4: mineLast(['2 3', '1 4', 'M M']),
  5: mineLast(['3 3', '2 4', '1 5', 'M M']),
  6: mineLast(['3 4', '2 5', '1 6', 'M M']),
  7: mineLast(['4 4', '3 5', '2 6', '1 7', 'M M']),
};
const MY_SEAT_LANDSCAPE: Record<number, SeatTemplate> = {
  1: mineLast(['1', 'M']),
  2: mineLast(['1 2', 'M M']),
  3: mineLast(['1 2 3', 'M M M']),
  // My tile two cells wide between the players on my left and right.
  4: mineLast(['2 2 3 3', '1 M M 4']),
  5: mineLast(['2 3 4', '1 M M 5']),
  // Me two rows high in the middle column.
  6: plain(['3 4', '2 M 5', '1 M 6']),
  7: plain(['3 4 5', '2 M 6', '1 M 7']),
};

function templateFor(opponents: number, landscape: boolean): SeatTemplate {
  const template = (landscape ? MY_SEAT_LANDSCAPE : MY_SEAT_PORTRAIT)[opponents];
  if (!template) throw new RangeError(`No my-seat layout for ${opponents} opponents.`);
  return template;
}

/**
 * The my-seat view: my tile at the bottom, upright, the others around it in table order, all
 * upright (on my own phone I am the only reader). `seatOrder` is the game's seats in turn order.
 */
export function mySeatView(seatOrder: readonly number[], mySeat: number, area: Area): ScreenTile[] {
  const me = seatOrder.indexOf(mySeat);
  if (me === -1) throw new RangeError(`Seat ${mySeat} is not at this table.`);
  const template = templateFor(seatOrder.length - 1, area.width > area.height);
  const rows = template.rows.map((row) => row.split(' '));
  const weights = template.weights;
  const unit = area.height / weights.reduce((sum, weight) => sum + weight, 0);
  const tops = weights.map((_, i) => weights.slice(0, i).reduce((sum, weight) => sum + weight, 0) * unit);

  const boxes = new Map<string, { left: number; top: number; right: number; bottom: number }>();
  rows.forEach((row, r) => {
    const width = area.width / row.length;
    row.forEach((cell, c) => {
      const box = { left: c * width, top: tops[r]!, right: (c + 1) * width, bottom: tops[r]! + weights[r]! * unit };
      const seen = boxes.get(cell);
      boxes.set(
        cell,
        seen
          ? { left: Math.min(seen.left, box.left), top: Math.min(seen.top, box.top), right: Math.max(seen.right, box.right), bottom: Math.max(seen.bottom, box.bottom) }
          : box,
      );
    });
  });
  return [...boxes].map(([cell, box]) => {
    const offset = cell === 'M' ? 0 : Number(cell);
    return {
      seat: seatOrder[(me + offset) % seatOrder.length]!,
      left: box.left,
      top: box.top,
      width: box.right - box.left,
      height: box.bottom - box.top,
      rotation: 0,
    };
  });
}
