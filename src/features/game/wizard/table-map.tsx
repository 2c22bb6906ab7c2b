/**
 * Seats on the GRID_SIZE × GRID_SIZE table as percentages, and the content box of a rotated
 * tile. Shared by the layout preview and the playmat so both draw a seat the same way.
 */
import type { CSSProperties, ReactNode } from 'react';
import { GRID_SIZE, type SeatLayout } from '../../../contract/game';

const percent = (cells: number) => `${(cells / GRID_SIZE) * 100}%`;

/** left/top/width/height of a seat as percentages of the table. */
export function seatBox(seat: SeatLayout): CSSProperties {
  return { left: percent(seat.left), top: percent(seat.top), width: percent(seat.width), height: percent(seat.height) };
}

/**
 * The content of a seat, turned to face its player (bottom 0, left 90, top 180, right 270).
 * For 90/270 the box is laid out height × width, then turned (see game.css: .seat-turn).
 */
export function SeatTurn({ rotation, className, children }: { rotation: number; className?: string; children: ReactNode }) {
  return (
    <div className={`seat-turn seat-turn--${rotation}${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}
