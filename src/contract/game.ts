/**
 * Games (the spec's Playmat screen, entities, states and transitions, validation rules and
 * business constants), shared by the app, the service worker and
 * the server. A game is created with a client-chosen UUID (it can start with no signal), its
 * counters change by increments (docs/architecture.md, "Revisions, rebase and increments":
 * two offline devices' edits add up), and whole-game changes (turn, status, layout) go through
 * PUT and are last-writer-wins.
 * The rules that apply these payloads live in src/game (pure functions).
 */
import * as z from 'zod/mini';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from './limits';
import { COMMANDER_NAME_MAX_LENGTH, DECK_NAME_MAX_LENGTH } from './decks';
import { boundedDateTime, safeText } from './text';
import { emailSchema } from './users';
import { SEAT_COUNT_MAX, SEAT_COUNT_MIN, seatNumber } from './seats';
import { customCounterChange } from './custom-counters';
import { clockChange } from './game-clock';
import { commanderTaxSchema, endGameInput, gameResultSchema, gameRollSchema, GameTableText, tableDesignationChanges, tableStateSchema } from './game-table';
import { tableChangeSchema } from './table-change';

export { SEAT_COUNT_MAX, SEAT_COUNT_MIN };

// ---- Constants (the spec's business constants and the official Commander rules) ----
export const STARTING_LIFE = 40;
export const LIFE_STEPS = [-5, -1, 1, 5] as const;
export const COUNTER_STEPS = [-1, 1] as const;
export const GRID_SIZE = 30;
/** Spec: the recent-events log keeps 25 entries (newest first). */
export const RECENT_EVENTS_MAX = 25;
/** Rule 704.5c: ten or more poison counters. */
export const LETHAL_POISON = 10;
/** Rule 903.10a: 21 or more combat damage from ONE commander (a partner pair counts separately). */
export const LETHAL_COMMANDER_DAMAGE = 21;
/**
 * A game never gets near a million turns (a long game has ~20 per player); the bound keeps
 * pass-turn's +1 far inside the integer column.
 */
const TURN_NUMBER_MAX = 1_000_000;
/** One increment is one tap or a short burst of taps; 100 bounds a typo without limiting play. */
export const INCREMENT_DELTA_MAX = 100;
/** Layout name stored for seats computed by `computedLayout` (no named preset). */
export const COMPUTED_LAYOUT_NAME = 'computed';

/** Texts of the spec's validation rules (word for word) and ours, shown by the wizard and sent by the server. */
export const GameText = {
  addPlayers: (n: number) => `Add ${n} more player(s) to continue.`,
  removePlayers: (n: number) => `Remove ${n} player(s) to match seat count.`,
  duplicatePlayer: 'This player is already at the table.',
  guestNameRequired: 'Guest name is required.',
  guestCommanderRequired: 'Add at least one commander for this guest.',
  commanderRequired: 'Commander name is required.',
  deckRequired: 'Provide a deck selection.',
  guestEmailRequired: 'Guest email is required so they can claim the game.',
  noPlayers: 'Add players to your table before starting.',
  chooseFirstPlayer: 'Choose who will take the first turn.',
  resolveIssues: 'Resolve the highlighted issues to start the game.',
  // Ours (the spec is silent):
  seatCountRange: `Choose between ${SEAT_COUNT_MIN} and ${SEAT_COUNT_MAX} seats.`,
  playerCountRange: `A game needs ${SEAT_COUNT_MIN} to ${SEAT_COUNT_MAX} players.`,
  playerNameRequired: 'Player name is required.',
  accountRequired: 'Only guests can play without an account.',
  invalidEmail: 'Enter a valid email address.',
  gameEnded: 'This game has ended.',
  nothingToUpdate: 'Nothing to update.',
} as const;

// ---- Building blocks ----
const id = z.string().check(z.minLength(1), z.maxLength(64));
/** Ids in requests: bounded, single-line text. */
const requestId = safeText().check(z.minLength(1), z.maxLength(64));
const isoDate = z.string();
const turnNumber = z.int().check(z.minimum(1), z.maximum(TURN_NUMBER_MAX, `Turn numbers go up to ${TURN_NUMBER_MAX}.`));
const wholeCells = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));

const participantRole = z.enum(['self', 'friend', 'pod', 'guest']);
export type ParticipantRole = z.infer<typeof participantRole>;

const gameStatus = z.enum(['ACTIVE', 'FINISHED']);
export type GameStatus = z.infer<typeof gameStatus>;

const commanderWhich = z.enum(['commander', 'partner']);

/** Which commander dealt damage: the seat of its owner, and whether it is the partner. */
const commanderSource = z.object({ seat: seatNumber, which: commanderWhich });
export type CommanderSource = z.infer<typeof commanderSource>;

/** `commanderTax` is the tax on one of the player's own commanders (`source` names which). */
const counterKind = z.enum(['life', 'poison', 'energy', 'experience', 'commanderDamage', 'commanderTax']);
export type CounterKind = z.infer<typeof counterKind>;

const COMMANDER_DAMAGE_KEY = /^[0-7]:(commander|partner)$/;
/** Key of one commander-damage entry: `${sourceSeat}:commander` or `${sourceSeat}:partner`. */
const commanderDamageKeySchema = z
  .templateLiteral([z.number(), ':', commanderWhich])
  .check(z.refine((key) => COMMANDER_DAMAGE_KEY.test(key), 'Commander damage keys look like "2:commander".'));
type CommanderDamageKey = z.infer<typeof commanderDamageKeySchema>;

export function commanderDamageKey(source: CommanderSource): CommanderDamageKey {
  return `${source.seat}:${source.which}`;
}

// ---- Seat layout ----
const seatRotation = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
export type SeatRotation = z.infer<typeof seatRotation>;

/**
 * One seat's tile on the GRID_SIZE × GRID_SIZE table, in whole grid cells. `rotation` turns the
 * tile's content so its player reads it from their side: bottom 0, left 90, top 180, right 270.
 * For 90/270 the content is laid out in a height × width box before turning.
 */
export const seatLayoutSchema = z
  .object({
    seat: seatNumber,
    left: wholeCells(0, GRID_SIZE - 1),
    top: wholeCells(0, GRID_SIZE - 1),
    width: wholeCells(1, GRID_SIZE),
    height: wholeCells(1, GRID_SIZE),
    rotation: seatRotation,
  })
  .check(
    z.refine((s) => s.left + s.width <= GRID_SIZE && s.top + s.height <= GRID_SIZE, {
      message: `A seat must lie inside the ${GRID_SIZE}×${GRID_SIZE} grid.`,
    }),
  );
export type SeatLayout = z.infer<typeof seatLayoutSchema>;

/** Smallest tile we accept: 8 cells of a 360 px-wide table are ~96 px, twice a 44 px tap target. */
export const SEAT_MIN_SIDE = 8;
export const SEAT_MIN_AREA = 100;

function overlaps(a: SeatLayout, b: SeatLayout): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

/**
 * Everything wrong with a set of seats for `count` players (empty = fine): exactly `count`
 * seats numbered 0..count-1, each inside the grid and at least SEAT_MIN_SIDE × SEAT_MIN_AREA,
 * no two overlapping (touching edges is fine).
 */
export function layoutProblems(seats: readonly SeatLayout[], count: number): string[] {
  const problems: string[] = [];
  if (seats.length !== count) problems.push(`Expected ${count} seats, got ${seats.length}.`);
  const numbers = seats.map((s) => s.seat).sort((a, b) => a - b);
  if (numbers.some((n, i) => n !== i)) problems.push(`Seats must be numbered 0 to ${count - 1}.`);
  seats.forEach((s, i) => {
    if (s.left < 0 || s.top < 0 || s.left + s.width > GRID_SIZE || s.top + s.height > GRID_SIZE) {
      problems.push(`Seat ${s.seat} lies outside the grid.`);
    }
    if (Math.min(s.width, s.height) < SEAT_MIN_SIDE || s.width * s.height < SEAT_MIN_AREA) {
      problems.push(`Seat ${s.seat} is too small to tap.`);
    }
    if (![0, 90, 180, 270].includes(s.rotation)) problems.push(`Seat ${s.seat} has an invalid rotation.`);
    for (const other of seats.slice(i + 1)) {
      if (overlaps(s, other)) problems.push(`Seats ${s.seat} and ${other.seat} overlap.`);
    }
  });
  return problems;
}

// ---- Participants ----
/**
 * A player at the table. Invariants (kept by src/game/counters): poison, energy, experience and
 * every commander-damage entry are ≥ 0; life may be negative; `out` is derived — life ≤ 0,
 * poison ≥ 10 or one commander-damage entry ≥ 21 — and is cleared again when the counters come
 * back (undo). Players who are out keep their seat and their counters.
 */
export const gameParticipantSchema = z.object({
  seatNumber,
  role: participantRole,
  displayName: z.string(),
  userId: z.nullable(id),
  /**
   * A guest's contact e-mail, by which they can claim the game later: masked (`a•••@example.com`,
   * src/contract/masked-email.ts) and only for the game's creator; null for every other reader and
   * for account holders. The full address stays with the guest's claim on the server.
   */
  accountEmail: z.nullable(z.string()),
  deckId: z.nullable(id),
  deckName: z.nullable(z.string()),
  commanderName: z.string(),
  partnerCommanderName: z.nullable(z.string()),
  lifeTotal: z.int(),
  poisonCounters: z.int().check(z.minimum(0)),
  energyCounters: z.int().check(z.minimum(0)),
  experienceCounters: z.int().check(z.minimum(0)),
  /** Damage taken per source commander; a partner pair is two entries (each lethal at 21 alone). */
  commanderDamage: z.record(commanderDamageKeySchema, z.int().check(z.minimum(0))),
  guestName: z.nullable(z.string()),
  out: z.boolean(),
  /** Tax paid per own commander; absent in games stored before it existed, and while 0. */
  commanderTax: z.optional(commanderTaxSchema),
});
export type GameParticipant = z.infer<typeof gameParticipantSchema>;

// ---- Events (the 'Recent events' panel) ----
const gameEventKind = z.enum(['counter', 'turn', 'status', 'undo', 'marker', 'roll']);

/**
 * One line of the recent-events log, newest first, at most RECENT_EVENTS_MAX kept.
 * - counter: `id` is the increment's id (the log doubles as the exactly-once record);
 *   `delta` is what actually changed after clamping, so undo restores exactly that.
 * - turn: `seat` became active, coming from `fromSeat`; `turnNumber` is the new turn's number.
 * - undo: the inverse of event `undoes`, shaped like the counter or turn event it reverses (the
 *   undo of a marker, custom counter or clock event has only its seat, if any, and its words).
 * - status: e.g. the game ended, or its clocks were paused or resumed.
 * - marker: the monarch or the initiative changed hands (`seat`, absent when nobody holds it);
 *   also day and night (no `seat`), the city's blessing and the Ring's temptation (`seat`), and
 *   a custom counter created, stepped or removed (`seat` for a player's, none for the table's).
 * - roll: a table tool was used (`roll` holds its outcome).
 */
export const gameEventSchema = z.object({
  id,
  at: isoDate,
  kind: gameEventKind,
  seat: z.optional(seatNumber),
  fromSeat: z.optional(seatNumber),
  turnNumber: z.optional(z.int().check(z.minimum(1))),
  counter: z.optional(counterKind),
  delta: z.optional(z.int()),
  /** counter and undo: the counter's value after the change (commander damage: that commander's); absent in events logged before it existed. */
  total: z.optional(z.int()),
  source: z.optional(commanderSource),
  undoes: z.optional(id),
  roll: z.optional(gameRollSchema),
  /** marker and clock events: what changed and what it replaced (table-change.ts); absent in events logged before it existed. */
  change: z.optional(tableChangeSchema),
  text: z.string(),
});
export type GameEvent = z.infer<typeof gameEventSchema>;

// ---- Game ----
export const gameSchema = z.object({
  id,
  podId: z.nullable(id),
  requiresVerification: z.boolean(),
  /** The spec shows only ACTIVE; FINISHED is ours (End game). A finished game takes no more changes. */
  status: gameStatus,
  startTime: isoDate,
  createdById: id,
  layoutPreset: z.string(),
  seats: z.array(seatLayoutSchema),
  activeSeat: seatNumber,
  turnNumber: z.int().check(z.minimum(1)),
  /** Ordered by seatNumber; seat order is turn order (clockwise around the table). */
  participants: z.array(gameParticipantSchema),
  events: z.array(gameEventSchema),
  updatedAt: isoDate,
  /** The server's revision of this row (+1 per change); the mirror never replaces a newer revision with an older one. */
  rev: z.optional(z.int().check(z.minimum(0))),
  /** Markers, the turn clock and the play record; absent in games stored before it existed. */
  table: z.optional(tableStateSchema),
  /** How the game ended; null or absent while it is played. */
  result: z.optional(z.nullable(gameResultSchema)),
});
export type Game = z.infer<typeof gameSchema>;

// ---- Writes ----
function optionalText(max: number) {
  return z.pipe(
    z.nullish(safeText().check(z.trim(), z.maxLength(max, `At most ${max} characters.`))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}

/** An optional id: absent and null both become null. */
const optionalId = () => z.pipe(z.nullish(requestId), z.transform((value: string | null | undefined) => value ?? null));

/**
 * A player as POST /api/games takes them. Normalised: guests carry no userId, account holders no
 * accountEmail; blank optional texts become null. Counters are not sent: every game starts at
 * STARTING_LIFE and zero counters.
 */
const participantFields = z.object({
  seatNumber,
  role: participantRole,
  displayName: safeText({ error: GameText.playerNameRequired }).check(z.trim(), z.minLength(1, GameText.playerNameRequired), z.maxLength(DISPLAY_NAME_MAX_LENGTH)),
  userId: optionalId(),
  accountEmail: optionalText(EMAIL_MAX_LENGTH),
  deckId: optionalId(),
  deckName: optionalText(DECK_NAME_MAX_LENGTH),
  commanderName: safeText({ error: GameText.commanderRequired }).check(z.trim(), z.minLength(1, GameText.commanderRequired), z.maxLength(COMMANDER_NAME_MAX_LENGTH)),
  partnerCommanderName: optionalText(COMMANDER_NAME_MAX_LENGTH),
  guestName: optionalText(DISPLAY_NAME_MAX_LENGTH),
});
type ParticipantFields = z.output<typeof participantFields>;

const participantInput = z.pipe(
  participantFields.check(
    z.superRefine((p, ctx) => {
      if (p.role === 'guest') {
        if (!p.guestName) ctx.addIssue({ code: 'custom', path: ['guestName'], message: GameText.guestNameRequired });
        if (!p.accountEmail) {
          ctx.addIssue({ code: 'custom', path: ['accountEmail'], message: GameText.guestEmailRequired });
        } else if (!emailSchema.safeParse(p.accountEmail).success) {
          ctx.addIssue({ code: 'custom', path: ['accountEmail'], message: GameText.invalidEmail });
        }
      } else if (!p.userId) {
        ctx.addIssue({ code: 'custom', path: ['userId'], message: GameText.accountRequired });
      }
      if (!p.deckId && !p.deckName) ctx.addIssue({ code: 'custom', path: ['deckName'], message: GameText.deckRequired });
    }),
  ),
  z.transform(
    (p: ParticipantFields): ParticipantFields =>
      p.role === 'guest' ? { ...p, userId: null } : { ...p, accountEmail: null, guestName: null },
  ),
);

/**
 * Body of POST /api/games (spec: podId, requiresVerification, participants[], status, startTime;
 * plus ours: the client-chosen id, the layout and the first player). The server also checks that
 * the caller is the one 'self' participant and, for a pod game, that every account is a member.
 */
const createGameFields = z.object({
  id: z.uuid({ error: 'id must be a UUID.' }),
  podId: optionalId(),
  requiresVerification: z._default(z.boolean(), false),
  status: z._default(z.literal('ACTIVE'), 'ACTIVE'),
  startTime: z.optional(boundedDateTime()),
  layoutPreset: safeText().check(z.minLength(1), z.maxLength(32)),
  seats: z.array(seatLayoutSchema).check(z.maxLength(SEAT_COUNT_MAX)),
  activeSeat: z.nullish(seatNumber),
  participants: z.array(participantInput).check(z.maxLength(SEAT_COUNT_MAX, GameText.playerCountRange)),
});
type CreateGameFields = z.output<typeof createGameFields>;

export const createGameBody = z.pipe(
  createGameFields.check(
    z.superRefine((body, ctx) => {
      const n = body.participants.length;
      if (n === 0) {
        ctx.addIssue({ code: 'custom', path: ['participants'], message: GameText.noPlayers });
        return;
      }
      if (n < SEAT_COUNT_MIN) ctx.addIssue({ code: 'custom', path: ['participants'], message: GameText.playerCountRange });
      const seatsTaken = body.participants.map((p) => p.seatNumber).sort((a, b) => a - b);
      if (seatsTaken.some((seat, i) => seat !== i)) {
        ctx.addIssue({ code: 'custom', path: ['participants'], message: `Seat numbers must be 0 to ${n - 1}, once each.` });
      }
      const seen = new Set<string>();
      body.participants.forEach((p, i) => {
        const key = p.userId ? `user:${p.userId}` : `guest:${(p.guestName ?? '').toLowerCase()}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['participants', i], message: GameText.duplicatePlayer });
        seen.add(key);
      });
      if (body.activeSeat == null || body.activeSeat >= n) {
        ctx.addIssue({ code: 'custom', path: ['activeSeat'], message: GameText.chooseFirstPlayer });
      }
      for (const message of layoutProblems(body.seats, n)) ctx.addIssue({ code: 'custom', path: ['seats'], message });
    }),
  ),
  z.transform((body: CreateGameFields) => ({ ...body, activeSeat: body.activeSeat ?? 0 })),
);
export type CreateGameInput = z.input<typeof createGameBody>;
export type CreateGameBody = z.output<typeof createGameBody>;

/**
 * A counter change, sent as an increment so two devices' offline edits add up. `id` is the
 * increment's UUID and its idempotency key: applied exactly once, and it becomes the id of the
 * event it logs. `source` is given exactly for commander damage. `undoes` names the event this
 * increment reverses (an undo); a second undo of the same event is a no-op.
 */
export const gameIncrement = z
  .object({
    id: z.uuid({ error: 'id must be a UUID.' }),
    seat: seatNumber,
    counter: counterKind,
    source: z.optional(commanderSource),
    delta: z
      .int()
      .check(
        z.minimum(-INCREMENT_DELTA_MAX),
        z.maximum(INCREMENT_DELTA_MAX),
        z.refine((d) => d !== 0, 'A change of 0 changes nothing.'),
      ),
    undoes: z.optional(requestId),
  })
  .check(
    z.superRefine((inc, ctx) => {
      if (inc.counter === 'commanderDamage' && !inc.source) {
        ctx.addIssue({ code: 'custom', path: ['source'], message: 'Commander damage needs its source commander.' });
      }
      if (inc.counter === 'commanderTax' && inc.source?.seat !== inc.seat) {
        ctx.addIssue({ code: 'custom', path: ['source'], message: 'Commander tax needs one of the player\u2019s own commanders.' });
      }
      if (inc.counter !== 'commanderDamage' && inc.counter !== 'commanderTax' && inc.source) {
        ctx.addIssue({ code: 'custom', path: ['source'], message: 'Only commander damage and commander tax have a source.' });
      }
    }),
  );
export type GameIncrement = z.infer<typeof gameIncrement>;

/**
 * Body of PUT /api/games/{id}: whole-game changes, last writer wins. A change carries `eventId`
 * (a UUID) so the event logged by the server is the one the client showed, and a repeat changes
 * nothing; `undoes` when it reverses an earlier turn event. It may also carry the monarch and the
 * initiative (a seat, or null for nobody), day or night, a player's city's blessing, a step of a
 * player's Ring level, a custom counter's creation, step or removal (`customCounter`), a table
 * tool's outcome (`roll`), a pause or resume of the clocks (`clock`), the `result` that goes
 * with status FINISHED, or the undo of a marker, custom counter or clock entry (`undo`: that
 * entry's `change`, with `undoes`: its id; alone). The newer parts are optional: an older app
 * never sends them.
 */
/** The parts an `undo` does not come with. */
const OTHER_PARTS = ['status', 'activeSeat', 'turnNumber', 'layoutPreset', 'seats', 'monarchSeat', 'initiativeSeat', 'dayNight', 'cityBlessing', 'ring', 'customCounter', 'roll', 'clock', 'result'] as const;

export const updateGameBody = z
  .object({
    status: z.optional(gameStatus),
    activeSeat: z.optional(seatNumber),
    turnNumber: z.optional(turnNumber),
    layoutPreset: z.optional(safeText().check(z.minLength(1), z.maxLength(32))),
    seats: z.optional(z.array(seatLayoutSchema).check(z.maxLength(SEAT_COUNT_MAX))),
    eventId: z.optional(z.uuid({ error: 'eventId must be a UUID.' })),
    undoes: z.optional(requestId),
    monarchSeat: z.optional(z.nullable(seatNumber)),
    initiativeSeat: z.optional(z.nullable(seatNumber)),
    ...tableDesignationChanges,
    customCounter: z.optional(customCounterChange),
    roll: z.optional(gameRollSchema),
    clock: z.optional(clockChange),
    result: z.optional(endGameInput),
    undo: z.optional(tableChangeSchema),
  })
  .check(
    z.refine(
      (b) =>
        b.status !== undefined ||
        b.activeSeat !== undefined ||
        b.turnNumber !== undefined ||
        b.layoutPreset !== undefined ||
        b.seats !== undefined ||
        b.monarchSeat !== undefined ||
        b.initiativeSeat !== undefined ||
        b.dayNight !== undefined ||
        b.cityBlessing !== undefined ||
        b.ring !== undefined ||
        b.customCounter !== undefined ||
        b.roll !== undefined ||
        b.clock !== undefined ||
        b.undo !== undefined,
      { message: GameText.nothingToUpdate },
    ),
    z.refine((b) => b.undo === undefined || (b.undoes !== undefined && b.eventId !== undefined && OTHER_PARTS.every((part) => b[part] === undefined)), {
      path: ['undo'],
      message: 'An undo names the entry it undoes and comes alone.',
    }),
    z.refine((b) => b.result === undefined || b.status === 'FINISHED', { path: ['result'], message: GameTableText.resultNeedsEnd }),
  );
export type UpdateGameBody = z.infer<typeof updateGameBody>;
