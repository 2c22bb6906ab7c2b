/**
 * Custom named counters ("Storm", "Treasure", "Rad", "Saga chapter"): created at the table for
 * one player or for the table, stored in the game's table state and changed through the
 * whole-game change (`game.update`, `customCounter`). Shared by the app, the service worker and
 * the server; the rules that apply these payloads live in src/game/custom-counters.ts.
 *
 * Limits: at most CUSTOM_COUNTERS_MAX counters per player and as many for the table; a name is
 * 1 to CUSTOM_COUNTER_NAME_MAX characters after trimming (UTF-16 units, as every name of the app),
 * unique per owner ignoring case; a value is 0 to CUSTOM_COUNTER_VALUE_MAX.
 */
import * as z from 'zod/mini';
import './zod-config';
import { SEAT_COUNT_MAX, seatNumber } from './seats';
import { safeText } from './text';

export const CUSTOM_COUNTER_NAME_MAX = 24;
/** Per owner: each player, and the table. */
export const CUSTOM_COUNTERS_MAX = 8;
export const CUSTOM_COUNTER_VALUE_MAX = 999;
/**
 * Ids one counter answers to besides its own: the same name created for the same owner on other
 * phones (merged, see src/game/custom-counters.ts). Bounded so a stored game cannot grow without
 * end; a create beyond it is refused as a taken name.
 */
export const CUSTOM_COUNTER_ALIASES_MAX = 16;

export const CustomCounterText = {
  nameRequired: 'Give the counter a name.',
  nameTooLong: `A counter name is at most ${CUSTOM_COUNTER_NAME_MAX} characters.`,
  tableFull: `The table already has ${CUSTOM_COUNTERS_MAX} counters. Remove one to add another.`,
  playerFull: (name: string) => `${name} already has ${CUSTOM_COUNTERS_MAX} counters. Remove one to add another.`,
  tableNameTaken: (counter: string) => `The table already has a counter named ${counter}.`,
  playerNameTaken: (name: string, counter: string) => `${name} already has a counter named ${counter}.`,
} as const;

/** A counter's name as typed: trimmed, then 1 to CUSTOM_COUNTER_NAME_MAX characters. */
export const customCounterName = safeText({ error: CustomCounterText.nameRequired }).check(
  z.trim(),
  z.minLength(1, CustomCounterText.nameRequired),
  z.maxLength(CUSTOM_COUNTER_NAME_MAX, CustomCounterText.nameTooLong),
);

/** One counter as the table stores it. `seat` null: the table's own counter. */
export const customCounterSchema = z.object({
  id: z.uuid(),
  name: z.string().check(z.minLength(1), z.maxLength(CUSTOM_COUNTER_NAME_MAX)),
  seat: z.nullable(seatNumber),
  value: z.int().check(z.minimum(0), z.maximum(CUSTOM_COUNTER_VALUE_MAX)),
  /** Ids of the same counter created on other phones; absent: none. */
  aliases: z.optional(z.array(z.uuid()).check(z.maxLength(CUSTOM_COUNTER_ALIASES_MAX))),
});
export type CustomCounter = z.infer<typeof customCounterSchema>;

/** The table state's list, in the order counters were created. */
export const customCountersSchema = z.array(customCounterSchema).check(z.maxLength(CUSTOM_COUNTERS_MAX * (SEAT_COUNT_MAX + 1)));

/**
 * A change to the custom counters, part of a whole-game change:
 * - create: a new counter under a client-made `id`, for `seat` (null: the table), at 0;
 * - step: one up or down (a step, not a value, so steps recorded on two offline phones both
 *   count; each applied once by the change's event id);
 * - remove: the counter goes, with its value.
 */
export const customCounterChange = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), id: z.uuid(), name: customCounterName, seat: z.nullable(seatNumber) }),
  z.object({ action: z.literal('step'), id: z.uuid(), step: z.union([z.literal(1), z.literal(-1)]) }),
  z.object({ action: z.literal('remove'), id: z.uuid() }),
]);
export type CustomCounterChange = z.infer<typeof customCounterChange>;
