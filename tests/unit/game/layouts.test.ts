import { describe, expect, it } from 'vitest';
import {
  COMPUTED_LAYOUT_NAME,
  GRID_SIZE,
  SEAT_MIN_AREA,
  SEAT_MIN_SIDE,
  layoutProblems,
  seatLayoutSchema,
  type SeatLayout,
} from '../../../src/contract/game';
import { LAYOUT_PRESETS, computedLayout, layoutFor, presetsFor } from '../../../src/game/layouts';

const every: Array<{ label: string; count: number; seats: readonly SeatLayout[] }> = [
  ...LAYOUT_PRESETS.map((p) => ({ label: `${p.name} (${p.count})`, count: p.count, seats: p.seats })),
  ...[2, 3, 4, 5, 6, 7, 8].map((count) => ({ label: `computed ${count}`, count, seats: computedLayout(count) })),
];

function overlap(a: SeatLayout, b: SeatLayout): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

const center = (s: SeatLayout) => ({ x: s.left + s.width / 2, y: s.top + s.height / 2 });

describe('layout presets', () => {
  it('are the spec’s named presets by player count, default first', () => {
    expect(presetsFor(2)).toEqual(['duo-classic']);
    expect(presetsFor(3)).toEqual(['tri-arc', 'tri-column']);
    expect(presetsFor(4)).toEqual(['quad-grid', 'quad-horseshoe']);
    expect(presetsFor(5)).toEqual(['penta-tiered']);
    expect(presetsFor(6)).toEqual(['hexa-tiered']);
    expect(presetsFor(7)).toEqual([]);
    expect(presetsFor(8)).toEqual([]);
  });

  it('layoutFor picks the named preset, the default, or the computed layout', () => {
    expect(layoutFor(4, 'quad-grid').name).toBe('quad-grid');
    expect(layoutFor(4).name).toBe('quad-grid');
    // A preset of another count (the seat count changed) falls back to this count's default.
    expect(layoutFor(3, 'quad-grid').name).toBe('tri-arc');
    expect(layoutFor(7)).toEqual({ name: COMPUTED_LAYOUT_NAME, seats: computedLayout(7) });
    expect(layoutFor(8, 'hexa-tiered').name).toBe(COMPUTED_LAYOUT_NAME);
    expect(layoutFor(4, COMPUTED_LAYOUT_NAME)).toEqual({ name: COMPUTED_LAYOUT_NAME, seats: computedLayout(4) });
  });

  it('layoutFor hands out copies: editing one does not change the preset', () => {
    const first = layoutFor(2);
    first.seats[0]!.left = 7;
    expect(layoutFor(2).seats[0]!.left).toBe(0);
  });

  it('refuses seat counts outside 2–8', () => {
    expect(() => layoutFor(1)).toThrow(RangeError);
    expect(() => computedLayout(9)).toThrow(RangeError);
    expect(() => computedLayout(2.5)).toThrow(RangeError);
  });

  it('computes 8 seats as 3 bottom, 1 left, 3 top, 1 right', () => {
    expect(computedLayout(8)).toEqual([
      { seat: 0, left: 20, top: 20, width: 10, height: 10, rotation: 0 },
      { seat: 1, left: 10, top: 20, width: 10, height: 10, rotation: 0 },
      { seat: 2, left: 0, top: 20, width: 10, height: 10, rotation: 0 },
      { seat: 3, left: 0, top: 10, width: 12, height: 10, rotation: 90 },
      { seat: 4, left: 0, top: 0, width: 10, height: 10, rotation: 180 },
      { seat: 5, left: 10, top: 0, width: 10, height: 10, rotation: 180 },
      { seat: 6, left: 20, top: 0, width: 10, height: 10, rotation: 180 },
      { seat: 7, left: 18, top: 10, width: 12, height: 10, rotation: 270 },
    ]);
  });

  it('computes 7 seats with the odd player at the bottom', () => {
    const seats = computedLayout(7);
    expect(seats.map((s) => s.rotation)).toEqual([0, 0, 0, 90, 180, 180, 270]);
    expect(seats.filter((s) => s.rotation === 180).map((s) => s.width)).toEqual([15, 15]);
  });
});

describe.each(every)('layout $label', ({ count, seats }) => {
  it('has exactly `count` seats numbered 0..count-1', () => {
    expect(seats).toHaveLength(count);
    expect(seats.map((s) => s.seat)).toEqual([...Array(count).keys()]);
  });

  it('keeps every seat inside the grid and valid for the contract', () => {
    for (const seat of seats) {
      expect(seat.left).toBeGreaterThanOrEqual(0);
      expect(seat.top).toBeGreaterThanOrEqual(0);
      expect(seat.left + seat.width).toBeLessThanOrEqual(GRID_SIZE);
      expect(seat.top + seat.height).toBeLessThanOrEqual(GRID_SIZE);
      expect(seatLayoutSchema.safeParse(seat).success).toBe(true);
    }
    expect(layoutProblems(seats, count)).toEqual([]);
  });

  it('has no two overlapping seats', () => {
    for (const [i, a] of seats.entries()) {
      for (const b of seats.slice(i + 1)) expect(overlap(a, b), `seats ${a.seat} and ${b.seat}`).toBe(false);
    }
  });

  it('gives every seat a tappable tile', () => {
    for (const seat of seats) {
      expect(Math.min(seat.width, seat.height)).toBeGreaterThanOrEqual(SEAT_MIN_SIDE);
      expect(seat.width * seat.height).toBeGreaterThanOrEqual(SEAT_MIN_AREA);
    }
  });

  it('turns each tile to face its player from the edge it touches', () => {
    for (const seat of seats) {
      const { x, y } = center(seat);
      switch (seat.rotation) {
        case 0: // bottom row
          expect(seat.top + seat.height).toBe(GRID_SIZE);
          expect(y).toBeGreaterThan(GRID_SIZE / 2);
          break;
        case 180: // top row
          expect(seat.top).toBe(0);
          expect(y).toBeLessThan(GRID_SIZE / 2);
          break;
        case 90: // left column
          expect(seat.left).toBe(0);
          expect(x).toBeLessThan(GRID_SIZE / 2);
          break;
        case 270: // right column
          expect(seat.left + seat.width).toBe(GRID_SIZE);
          expect(x).toBeGreaterThan(GRID_SIZE / 2);
          break;
        default:
          throw new Error(`rotation ${String(seat.rotation)}`);
      }
    }
  });

  it('numbers seats clockwise around the table (turn order passes to the left)', () => {
    // Screen y points down, so a growing atan2 angle is clockwise on screen; one lap = 360°.
    const angle = (s: SeatLayout) => {
      const { x, y } = center(s);
      return (Math.atan2(y - GRID_SIZE / 2, x - GRID_SIZE / 2) * 180) / Math.PI;
    };
    let lap = 0;
    for (const [i, seat] of seats.entries()) {
      const step = (angle(seats[(i + 1) % seats.length]!) - angle(seat) + 360) % 360;
      expect(step).toBeGreaterThan(0);
      lap += step;
    }
    expect(lap).toBeCloseTo(360, 6);
  });
});

describe('layoutProblems', () => {
  const ok = layoutFor(3).seats;
  it('reports overlaps, missing seats, numbering and tiny tiles', () => {
    const overlapping = ok.map((s) => (s.seat === 2 ? { ...s, left: 10 } : s));
    expect(layoutProblems(overlapping, 3)).toContain('Seats 1 and 2 overlap.');
    expect(layoutProblems(ok.slice(0, 2), 3)).toEqual(['Expected 3 seats, got 2.']);
    expect(layoutProblems(ok.map((s) => (s.seat === 0 ? { ...s, seat: 5 } : s)), 3)).toEqual([
      'Seats must be numbered 0 to 2.',
    ]);
    expect(layoutProblems(ok.map((s) => (s.seat === 0 ? { ...s, height: 4 } : s)), 3)).toEqual([
      'Seat 0 is too small to tap.',
    ]);
    expect(layoutProblems(ok.map((s) => (s.seat === 0 ? { ...s, left: 20 } : s)), 3)).toContain(
      'Seat 0 lies outside the grid.',
    );
  });

  it('accepts seats that only touch along an edge', () => {
    const touching: SeatLayout[] = [
      { seat: 0, left: 0, top: 15, width: 30, height: 15, rotation: 0 },
      { seat: 1, left: 0, top: 0, width: 30, height: 15, rotation: 180 },
    ];
    expect(layoutProblems(touching, 2)).toEqual([]);
  });

  it('the schema refuses a seat that leaves the grid', () => {
    const result = seatLayoutSchema.safeParse({ seat: 0, left: 20, top: 0, width: 15, height: 10, rotation: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A seat must lie inside the 30×30 grid.');
    expect(seatLayoutSchema.safeParse({ seat: 0, left: 0, top: 0, width: 10, height: 10, rotation: 45 }).success).toBe(
      false,
    );
  });
});
