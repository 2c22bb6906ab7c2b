/**
 * The TV view's grid (src/features/game/watch/tv-layout.ts) and its scale: every
 * face upright, in seat order, inside the screen, no two tiles overlapping, the grid a landscape
 * TV expects for 2–8 players, and the scale that makes a 1280 × 720 screen draw larger.
 */
import { describe, expect, it } from 'vitest';
import { faceFit } from '../../../src/features/game/playmat/table/fit';
import { tvScale, tvTiles } from '../../../src/features/game/watch/tv-layout';

const seats = (n: number) => Array.from({ length: n }, (_, i) => i);
/** Rows (distinct tops) and columns (the most tiles in one row; a short last row is centred). */
function shape(tiles: ReturnType<typeof tvTiles>) {
  const perRow = new Map<number, number>();
  for (const tile of tiles) perRow.set(Math.round(tile.top), (perRow.get(Math.round(tile.top)) ?? 0) + 1);
  return { columns: Math.max(...perRow.values()), rows: perRow.size };
}

describe('the TV grid', () => {
  const screen = { width: 1280, height: 648 };
  const scale = tvScale(screen);
  const area = { width: screen.width / scale, height: screen.height / scale };

  it('draws 1280 × 720 larger than a phone, and a phone 1:1', () => {
    expect(scale).toBeGreaterThan(1.3);
    expect(tvScale({ width: 640, height: 288 })).toBe(1);
  });

  it.each([
    [2, 2, 1],
    [3, 3, 1],
    [4, 2, 2],
    [5, 3, 2],
    [6, 3, 2],
    [8, 4, 2],
  ])('%i players: %i columns × %i rows, upright, in seat order, inside the screen, no overlap', (n, columns, rows) => {
    const tiles = tvTiles(seats(n), area);
    expect(shape(tiles)).toEqual({ columns, rows });
    expect(tiles.map((t) => t.seat)).toEqual(seats(n));
    for (const tile of tiles) {
      expect(tile.rotation).toBe(0);
      expect(tile.left).toBeGreaterThanOrEqual(0);
      expect(tile.top).toBeGreaterThanOrEqual(0);
      expect(tile.left + tile.width).toBeLessThanOrEqual(area.width + 0.001);
      expect(tile.top + tile.height).toBeLessThanOrEqual(area.height + 0.001);
      expect(faceFit(tile.width, tile.height).fits).toBe(true);
    }
    for (const a of tiles) {
      for (const b of tiles) {
        if (a === b) continue;
        const apart = a.left + a.width <= b.left || b.left + b.width <= a.left || a.top + a.height <= b.top || b.top + b.height <= a.top;
        expect(apart).toBe(true);
      }
    }
  });
});
