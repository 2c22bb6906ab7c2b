/**
 * Seat layouts on the GRID_SIZE × GRID_SIZE playmat (the spec's "Seat layout" entity): named
 * presets by player count and a computed layout for the other counts (7 and 8).
 *
 * Invariants, tested for every preset and every computed layout:
 * - exactly `count` seats numbered 0..count-1, inside the grid, none overlapping;
 * - each tile at least SEAT_MIN_SIDE cells on its short side and SEAT_MIN_AREA cells (tappable);
 * - each tile touches its player's edge of the table and is turned to face them: bottom 0,
 *   left 90, top 180, right 270;
 * - seat numbers go clockwise around the table (as seen from above): seat order is turn order,
 *   and in Commander the turn passes to the left.
 */
import {
  COMPUTED_LAYOUT_NAME,
  GRID_SIZE,
  SEAT_COUNT_MAX,
  SEAT_COUNT_MIN,
  type SeatLayout,
  type SeatRotation,
} from '../contract/game';

export type TableSide = 'bottom' | 'left' | 'top' | 'right';

export const SIDE_ROTATION: Record<TableSide, SeatRotation> = { bottom: 0, left: 90, top: 180, right: 270 };

type Tile = [side: TableSide, left: number, top: number, width: number, height: number];

function seats(tiles: readonly Tile[]): SeatLayout[] {
  return tiles.map(([side, left, top, width, height], seat) => ({
    seat,
    left,
    top,
    width,
    height,
    rotation: SIDE_ROTATION[side],
  }));
}

export interface LayoutPreset {
  name: string;
  count: number;
  seats: readonly SeatLayout[];
}

/** Tiles are listed in seat order, clockwise, starting at the bottom edge where there is one. */
const PRESETS: readonly LayoutPreset[] = [
  // 2: face to face across the full width.
  { name: 'duo-classic', count: 2, seats: seats([['bottom', 0, 15, 30, 15], ['top', 0, 0, 30, 15]]) },
  // 3: one player at the end of the table, two facing each other along its sides.
  {
    name: 'tri-arc',
    count: 3,
    seats: seats([['bottom', 0, 18, 30, 12], ['left', 0, 0, 15, 18], ['right', 15, 0, 15, 18]]),
  },
  // 3: one player down the left side, two down the right.
  {
    name: 'tri-column',
    count: 3,
    seats: seats([['left', 0, 0, 15, 30], ['right', 15, 0, 15, 15], ['right', 15, 15, 15, 15]]),
  },
  // 4: two against two. The default for 4: on a phone's long screen every life number gets a
  // quarter of it (docs/playmat.md), where the pinwheel below leaves two tiles thin.
  {
    name: 'quad-grid',
    count: 4,
    seats: seats([['bottom', 0, 15, 15, 15], ['top', 0, 0, 15, 15], ['top', 15, 0, 15, 15], ['bottom', 15, 15, 15, 15]]),
  },
  // 4: one player per side, tiles turning around the centre like a pinwheel (a square table or tablet).
  {
    name: 'quad-horseshoe',
    count: 4,
    seats: seats([['bottom', 0, 20, 20, 10], ['left', 0, 0, 10, 20], ['top', 10, 0, 20, 10], ['right', 20, 10, 10, 20]]),
  },
  // 5: three along the bottom, two along the top.
  {
    name: 'penta-tiered',
    count: 5,
    seats: seats([
      ['bottom', 10, 15, 10, 15],
      ['bottom', 0, 15, 10, 15],
      ['top', 0, 0, 15, 15],
      ['top', 15, 0, 15, 15],
      ['bottom', 20, 15, 10, 15],
    ]),
  },
  // 6: three against three.
  {
    name: 'hexa-tiered',
    count: 6,
    seats: seats([
      ['bottom', 10, 15, 10, 15],
      ['bottom', 0, 15, 10, 15],
      ['top', 0, 0, 10, 15],
      ['top', 10, 0, 10, 15],
      ['top', 20, 0, 10, 15],
      ['bottom', 20, 15, 10, 15],
    ]),
  },
];

export const LAYOUT_PRESETS: readonly LayoutPreset[] = PRESETS;

function assertSeatCount(count: number): void {
  if (!Number.isInteger(count) || count < SEAT_COUNT_MIN || count > SEAT_COUNT_MAX) {
    throw new RangeError(`Seat count must be ${SEAT_COUNT_MIN} to ${SEAT_COUNT_MAX}, got ${count}.`);
  }
}

/** Preset names for `count` players, default first; empty for counts without presets (7, 8). */
export function presetsFor(count: number): string[] {
  return PRESETS.filter((preset) => preset.count === count).map((preset) => preset.name);
}

/** `total` cells cut into `parts` whole spans as even as possible (30/3 → 10,10,10). */
function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

function row(side: 'bottom' | 'top', count: number, top: number, height: number): Tile[] {
  let left = 0;
  const tiles = split(GRID_SIZE, count).map((width): Tile => {
    const tile: Tile = [side, left, top, width, height];
    left += width;
    return tile;
  });
  // Clockwise runs right → left along the bottom edge and left → right along the top.
  return side === 'bottom' ? tiles.reverse() : tiles;
}

/** Rows are 10 cells high when the ends are seated (the 10-cell middle band), else half the grid. */
const ROW_HEIGHT_WITH_ENDS = 10;
/** End tiles are 12 cells wide: 120 cells, a little more than a tile in a row of three. */
const END_WIDTH = 12;

/**
 * A layout for any count 2–8: players along the bottom and top edges (the bottom gets the odd
 * one), and from 5 players on, one at each end of the table (left and right). For 8:
 * 3 bottom, 1 left, 3 top, 1 right; every tile is at least 10 × 10 cells.
 */
export function computedLayout(count: number): SeatLayout[] {
  assertSeatCount(count);
  const ends = count >= 5;
  const alongSides = count - (ends ? 2 : 0);
  const bottomCount = Math.ceil(alongSides / 2);
  const topCount = alongSides - bottomCount;
  const rowHeight = ends ? ROW_HEIGHT_WITH_ENDS : GRID_SIZE / 2;
  const band = GRID_SIZE - 2 * rowHeight;
  const tiles: Tile[] = [...row('bottom', bottomCount, GRID_SIZE - rowHeight, rowHeight)];
  if (ends) tiles.push(['left', 0, rowHeight, END_WIDTH, band]);
  tiles.push(...row('top', topCount, 0, rowHeight));
  if (ends) tiles.push(['right', GRID_SIZE - END_WIDTH, rowHeight, END_WIDTH, band]);
  return seats(tiles);
}

/**
 * The seats for `count` players: the named preset when it exists for that count, else the
 * count's default preset, else the computed layout (name COMPUTED_LAYOUT_NAME, which can also be
 * asked for by name). A name from another count (after a seat was removed) falls back to the default.
 */
export function layoutFor(count: number, presetName?: string): { name: string; seats: SeatLayout[] } {
  assertSeatCount(count);
  const candidates = PRESETS.filter((preset) => preset.count === count);
  const preset =
    presetName === COMPUTED_LAYOUT_NAME ? undefined : (candidates.find((p) => p.name === presetName) ?? candidates[0]);
  if (!preset) return { name: COMPUTED_LAYOUT_NAME, seats: computedLayout(count) };
  return { name: preset.name, seats: preset.seats.map((seat) => ({ ...seat })) };
}
