/**
 * The TV view's table: every seat in a grid in seat (turn) order, every face upright, because a
 * room reads a TV from one side (docs/playmat.md "TV view"). Of the grids with 1 to n columns, the
 * one whose smallest life number is the largest wins (fit.ts `smallestLife`; ties: fewer rows),
 * so 4 players fill a 1280 × 720 screen 2 × 2 and 6 players 3 × 2.
 */
import { smallestLife, type Area, type ScreenTile } from '../playmat/table/fit';

/** Space between tiles, px. */
export const TV_GAP = 8;

function grid(seats: readonly number[], area: Area, columns: number): ScreenTile[] {
  const rows = Math.ceil(seats.length / columns);
  const width = (area.width - TV_GAP * (columns - 1)) / columns;
  const height = (area.height - TV_GAP * (rows - 1)) / rows;
  return seats.map((seat, index) => {
    const row = Math.floor(index / columns);
    // A short last row is centred.
    const inRow = row === rows - 1 ? seats.length - columns * (rows - 1) : columns;
    const offset = ((columns - inRow) * (width + TV_GAP)) / 2;
    return { seat, left: offset + (index % columns) * (width + TV_GAP), top: row * (height + TV_GAP), width, height, rotation: 0 };
  });
}

export function tvTiles(seats: readonly number[], area: Area): ScreenTile[] {
  if (seats.length === 0) return [];
  let best = grid(seats, area, seats.length);
  let bestScore = smallestLife(best);
  for (let columns = seats.length - 1; columns >= 1; columns -= 1) {
    const tiles = grid(seats, area, columns);
    const score = smallestLife(tiles);
    if (score > bestScore) [best, bestScore] = [tiles, score];
  }
  return best;
}

/**
 * The tiles are laid out at the screen's size divided by this and drawn scaled up by it, so names,
 * badges and the life number all grow together and the playmat's fit rules still hold: a 1280 ×
 * 720 screen draws 1.35×, a 1920 × 1080 TV about 2×, a phone 1× (TV_BASE is the size drawn 1:1).
 */
const TV_BASE = { width: 860, height: 480 };
export function tvScale(area: { width: number; height: number }): number {
  return Math.max(1, Math.min(area.width / TV_BASE.width, area.height / TV_BASE.height));
}
