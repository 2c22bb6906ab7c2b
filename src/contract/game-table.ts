/**
 * The life of a game beyond life and counters: table tools (dice, coin, random player),
 * commander tax, the monarch and initiative markers, day and night, the city's blessing, the
 * Ring's temptation, custom named counters (custom-counters.ts), the clocks (game-clock.ts), and the end
 * of a game with a winner (or a draw), the order players went out, how it was won and who took out
 * whom (game-ending.ts). Shared by the app, the service worker
 * and the server; the rules that apply these payloads live in src/game.
 *
 * Every field added to the game here is optional on read: games stored before these fields existed (in the
 * mirror and on the server) have none of them, and src/game/table.ts supplies the defaults.
 */
import * as z from 'zod/mini';
import './zod-config';
import { customCountersSchema } from './custom-counters';
import { clockStateSchema } from './game-clock';
import { endingDetails, endingDetailsRules } from './game-ending';
import { seatNumber } from './seats';

const isoDate = z.string();

/** Commander tax grows by 2 each time a commander is cast from the command zone (rule 903.8). */
export const COMMANDER_TAX_STEP = 2;
/** Dice: a d2 is the smallest die; 1000 bounds a typo and still allows a d100 or a d1000. */
export const DIE_SIDES_MIN = 2;
export const DIE_SIDES_MAX = 1000;
/** The dice offered as one tap; any other dN is typed. */
export const QUICK_DICE = [6, 20] as const;

/** Commander tax paid so far per commander of a player: `commander` and, with a partner, `partner`. */
export const commanderTaxSchema = z.partialRecord(z.enum(['commander', 'partner']), z.int().check(z.minimum(0)));

export type MarkerKind = 'monarch' | 'initiative';

/**
 * Day and night, one state for the whole table: 'none' until something makes it day (the
 * rules never go back to neither; the app allows it only to correct a mistaken tap).
 */
export const dayNightSchema = z.enum(['none', 'day', 'night']);
export type DayNight = z.infer<typeof dayNightSchema>;

/** The Ring tempts you: a ring-bearer's level goes up one per temptation, to at most 4 (its four abilities). */
export const RING_LEVEL_MAX = 4;

/** Gaining the city's blessing (`blessed: true`, kept for the rest of the game), or taking back a mistaken tap (`false`). */
const cityBlessingChange = z.object({ seat: seatNumber, blessed: z.boolean() });

/**
 * The Ring tempts a player (`step: 1`, capped at RING_LEVEL_MAX), or a mistaken temptation is
 * taken back (`step: -1`, not below 0). A step, not a level: two temptations made offline on two
 * phones both count, as two taps of a counter do; each is applied once by its event id.
 */
const ringChange = z.object({ seat: seatNumber, step: z.union([z.literal(1), z.literal(-1)]) });

/** The parts of a whole-game change (PUT /api/games/{id}, `game.update`) for day/night, the city's blessing and the Ring. */
export const tableDesignationChanges = {
  dayNight: z.optional(dayNightSchema),
  cityBlessing: z.optional(cityBlessingChange),
  ring: z.optional(ringChange),
};

/**
 * The outcome of one table tool, decided on the device that used it (so it shows at once,
 * offline too) and logged once by its event id. A die shows 1..sides; a player is a seat.
 */
export const gameRollSchema = z
  .discriminatedUnion('tool', [
    z.object({ tool: z.literal('die'), sides: z.int().check(z.minimum(DIE_SIDES_MIN), z.maximum(DIE_SIDES_MAX)), result: z.int().check(z.minimum(1)) }),
    z.object({ tool: z.literal('coin'), result: z.enum(['heads', 'tails']) }),
    z.object({ tool: z.literal('player'), result: seatNumber }),
  ])
  .check(z.refine((roll) => roll.tool !== 'die' || roll.result <= roll.sides, { message: 'A die shows 1 to its number of sides.' }));
export type GameRoll = z.infer<typeof gameRollSchema>;

/**
 * What End game sends: the winner's seat, or null for a draw; who went out first, second, …; and,
 * from this app on, how the winner won, on which turn, and who took out whom (game-ending.ts).
 */
export const endGameInput = z
  .object({
    winnerSeat: z.nullable(seatNumber),
    /** Seats in the order their players went out (first out first). Omitted: the order tracked in play. */
    outOrder: z.optional(z.array(seatNumber).check(z.maxLength(8))),
    ...endingDetails,
  })
  .check(endingDetailsRules);
export type EndGameInput = z.infer<typeof endGameInput>;

/**
 * How a game ended, stored with it. `winnerSeat` null with `draw` true is a draw; null with
 * `draw` false means the game was ended without a result (an older app's End game).
 */
export const gameResultSchema = z.object({
  winnerSeat: z.nullable(seatNumber),
  draw: z.boolean(),
  /** Every seat but the winner's, first out first. */
  outOrder: z.array(seatNumber),
  endedAt: isoDate,
  /** How it was won, the turn it was decided on, who took out whom: absent when End game did not say. */
  ...endingDetails,
});
export type GameResult = z.infer<typeof gameResultSchema>;

/** The largest net change of one player's life within one turn. */
const lifeSwingSchema = z.object({
  seat: seatNumber,
  from: z.int(),
  to: z.int(),
  turnNumber: z.int().check(z.minimum(1)),
});
export type LifeSwing = z.infer<typeof lifeSwingSchema>;

/**
 * The life series keeps the latest this many points (a point per turn and one at the end; 500
 * turns of 8 players stay under ~40 KB of the game record), as the turn list keeps its turns.
 */
export const LIFE_BY_TURN_MAX = 500;

/** Each player's life (keyed by seat number) at the start of turn `turn`, or, with `end`, when the game ended on it. */
const lifePointSchema = z.object({
  turn: z.int().check(z.minimum(1)),
  life: z.record(z.string(), z.int()),
  end: z.optional(z.literal(true)),
});
export type LifePoint = z.infer<typeof lifePointSchema>;

/** What the table keeps track of while a game is played (see src/game/table.ts). */
export const tableStateSchema = z.object({
  monarchSeat: z.nullable(seatNumber),
  initiativeSeat: z.nullable(seatNumber),
  /** Seats in the order they went out during play; a player back in the game leaves the list. */
  outOrder: z.array(seatNumber),
  /** When the current turn started (the turn clock). */
  turnStartedAt: isoDate,
  /** Each seat's life when the current turn started, keyed by seat number. */
  turnStartLife: z.record(z.string(), z.int()),
  biggestSwing: z.nullable(lifeSwingSchema),
  /** Day or night; absent (games stored before it existed, or never set): 'none'. */
  dayNight: z.optional(dayNightSchema),
  /** Seats that have the city's blessing, in the order they got it; absent: nobody. */
  cityBlessing: z.optional(z.array(seatNumber)),
  /** Ring-bearer level (1..RING_LEVEL_MAX) per seat number; a seat absent (or the field) is level 0. */
  ringLevel: z.optional(z.record(z.string(), z.int().check(z.minimum(1), z.maximum(RING_LEVEL_MAX)))),
  /** Custom named counters (custom-counters.ts), in the order they were created; absent: none. */
  customCounters: z.optional(customCountersSchema),
  /** The clocks' pauses and each player's turn times (game-clock.ts); absent: running, nothing timed yet. */
  clock: z.optional(clockStateSchema),
  /** Life at the start of every turn, oldest first, and at the end (life-series.ts); absent: games stored before it existed. */
  lifeByTurn: z.optional(z.array(lifePointSchema)),
});
export type TableState = z.infer<typeof tableStateSchema>;

/** Texts of the table tools and the end of a game (ours: the spec is silent). */
export const GameTableText = {
  noPartnerTax: 'This player has no partner commander.',
  resultNeedsEnd: 'A result is given only when the game ends.',
  winnerNotPlaying: 'The winner must be a player in this game.',
  outOrderInvalid: 'The order players went out must name each other player once.',
  noSuchPlayer: 'There is no such player in this game.',
  dieSides: `Choose a die with ${DIE_SIDES_MIN} to ${DIE_SIDES_MAX} sides.`,
} as const;
