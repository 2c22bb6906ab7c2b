/** Seat counts and numbers (the spec's business constants: 2 to 8 seats), shared by the game contract files. */
import * as z from 'zod/mini';
import './zod-config';

export const SEAT_COUNT_MIN = 2;
export const SEAT_COUNT_MAX = 8;
/** A seat as stored: numbered from 0 in turn order (clockwise around the table). */
export const seatNumber = z.int().check(z.minimum(0), z.maximum(SEAT_COUNT_MAX - 1));
