/**
 * What a marker, custom-counter or clock event changed, with what it replaced, kept on the event
 * (`GameEvent.change`) so the story can undo it from any phone (src/game/table-undo.ts), and sent
 * back as the `undo` of the whole-game change that does (with `undoes: <the entry's id>`).
 * Events logged before the record existed have none and are not undone. Dice, coins and random
 * players have no record: a roll is a record of what happened, never undone.
 */
import * as z from 'zod/mini';
import './zod-config';
import { customCounterName, customCounterSchema } from './custom-counters';
import { dayNightSchema, RING_LEVEL_MAX } from './game-table';
import { seatNumber } from './seats';

const holder = z.nullable(seatNumber);
const ringLevel = z.int().check(z.minimum(0), z.maximum(RING_LEVEL_MAX));
const step = z.union([z.literal(1), z.literal(-1)]);

export const tableChangeSchema = z.discriminatedUnion('kind', [
  /** The monarch or the initiative went from `before` to `seat` (null: nobody). */
  z.object({ kind: z.enum(['monarch', 'initiative']), seat: holder, before: holder }),
  z.object({ kind: z.literal('dayNight'), state: dayNightSchema, before: dayNightSchema }),
  /** `seat` gained the city's blessing (`blessed`), or a mistaken one was taken back. */
  z.object({ kind: z.literal('blessing'), seat: seatNumber, blessed: z.boolean() }),
  /** `seat`'s Ring level went from `before` to `after` by one `step` (equal at the cap: nothing to undo). */
  z.object({ kind: z.literal('ring'), seat: seatNumber, step, before: ringLevel, after: ringLevel }),
  /** A custom counter was created at 0 (a create merged into a same-named counter has no record). */
  z.object({ kind: z.literal('counterCreate'), id: z.uuid(), name: customCounterName, seat: holder }),
  /** Custom counter `id` moved one `step`, from `before` to `after`. */
  z.object({ kind: z.literal('counterStep'), id: z.uuid(), step, before: z.int(), after: z.int() }),
  /** A custom counter was removed; `counter` is all of it (value, the ids merged into it). */
  z.object({ kind: z.literal('counterRemove'), counter: customCounterSchema }),
  z.object({ kind: z.literal('clock'), action: z.enum(['pause', 'resume']) }),
]);
export type TableChange = z.infer<typeof tableChangeSchema>;
