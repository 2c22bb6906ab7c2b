import { describe, expect, it } from 'vitest';
import {
  COUNTER_STEPS,
  GRID_SIZE,
  LETHAL_COMMANDER_DAMAGE,
  LETHAL_POISON,
  LIFE_STEPS,
  RECENT_EVENTS_MAX,
  SEAT_COUNT_MAX,
  SEAT_COUNT_MIN,
  STARTING_LIFE,
  commanderDamageKey,
  createGameBody,
  gameParticipantSchema,
  gameSchema,
  updateGameBody,
  type CreateGameInput,
} from '../../../src/contract/game';
import { applyIncrement } from '../../../src/game/counters';
import { layoutFor } from '../../../src/game/layouts';
import { passTurn } from '../../../src/game/turns';
import { T0, fourPlayerGame, inc, uid } from './helpers';

const messages = (value: unknown) => createGameBody.safeParse(value).error?.issues.map((i) => i.message) ?? [];

function body(overrides: Partial<CreateGameInput> = {}): CreateGameInput {
  return {
    id: uid(1),
    layoutPreset: 'duo-classic',
    seats: layoutFor(2).seats,
    activeSeat: 1,
    participants: [
      { seatNumber: 0, role: 'self', displayName: 'Ana', userId: 'u-ana', deckId: 'd-ana', commanderName: 'Atraxa' },
      { seatNumber: 1, role: 'friend', displayName: 'Bo', userId: 'u-bo', deckName: 'Blitz', commanderName: 'Tymna' },
    ],
    ...overrides,
  };
}

describe('game constants', () => {
  it('are the spec’s numbers and the official lethal thresholds', () => {
    expect({ STARTING_LIFE, LIFE_STEPS, COUNTER_STEPS, SEAT_COUNT_MIN, SEAT_COUNT_MAX, GRID_SIZE, RECENT_EVENTS_MAX }).toEqual({
      STARTING_LIFE: 40,
      LIFE_STEPS: [-5, -1, 1, 5],
      COUNTER_STEPS: [-1, 1],
      SEAT_COUNT_MIN: 2,
      SEAT_COUNT_MAX: 8,
      GRID_SIZE: 30,
      RECENT_EVENTS_MAX: 25,
    });
    expect([LETHAL_POISON, LETHAL_COMMANDER_DAMAGE]).toEqual([10, 21]);
  });
});

describe('createGameBody', () => {
  it('accepts a two-player table and fills the defaults', () => {
    const parsed = createGameBody.parse(body());
    expect(parsed).toMatchObject({ podId: null, requiresVerification: false, status: 'ACTIVE', activeSeat: 1 });
    expect(parsed.participants[0]).toMatchObject({ accountEmail: null, guestName: null, deckName: null, partnerCommanderName: null });
  });

  it('gives the spec’s texts for a table that cannot start', () => {
    expect(messages(body({ participants: [] }))).toContain('Add players to your table before starting.');
    expect(messages(body({ activeSeat: null }))).toEqual(['Choose who will take the first turn.']);
    expect(messages(body({ activeSeat: 5 }))).toEqual(['Choose who will take the first turn.']);
    const [ana, bo] = body().participants;
    expect(messages(body({ participants: [ana!, { ...bo!, commanderName: ' ' }] }))).toEqual(['Commander name is required.']);
    expect(messages(body({ participants: [ana!, { ...bo!, deckName: '' }] }))).toEqual(['Provide a deck selection.']);
    expect(messages(body({ participants: [ana!, { ...ana!, seatNumber: 1 }] }))).toEqual(['This player is already at the table.']);
  });

  it('requires a guest’s name and contact e-mail, and drops a guest’s userId', () => {
    const [ana] = body().participants;
    const guest = { seatNumber: 1, role: 'guest' as const, displayName: 'Dee', deckName: 'Vampires', commanderName: 'Edgar' };
    expect(messages(body({ participants: [ana!, guest] }))).toEqual([
      'Guest name is required.',
      'Guest email is required so they can claim the game.',
    ]);
    expect(messages(body({ participants: [ana!, { ...guest, guestName: 'Dee', accountEmail: 'nope' }] }))).toEqual([
      'Enter a valid email address.',
    ]);
    const parsed = createGameBody.parse(
      body({ participants: [ana!, { ...guest, guestName: 'Dee', accountEmail: ' dee@example.test ', userId: 'u-x' }] }),
    );
    expect(parsed.participants[1]).toMatchObject({ userId: null, accountEmail: 'dee@example.test', guestName: 'Dee' });
  });

  it('refuses seats that do not match the players, and seat numbers out of order', () => {
    expect(messages(body({ seats: layoutFor(3).seats }))).toEqual(['Expected 2 seats, got 3.']);
    const [ana, bo] = body().participants;
    expect(messages(body({ participants: [ana!, { ...bo!, seatNumber: 2 }] }))).toEqual(['Seat numbers must be 0 to 1, once each.']);
    expect(messages(body({ id: 'game-1' }))).toEqual(['id must be a UUID.']);
  });
});

describe('updateGameBody', () => {
  it('takes any one whole-game change', () => {
    expect(updateGameBody.parse({ status: 'FINISHED' })).toEqual({ status: 'FINISHED' });
    expect(updateGameBody.parse({ activeSeat: 2, turnNumber: 7, eventId: uid(3) })).toEqual({
      activeSeat: 2,
      turnNumber: 7,
      eventId: uid(3),
    });
    expect(updateGameBody.safeParse({ layoutPreset: 'quad-grid', seats: layoutFor(4, 'quad-grid').seats }).success).toBe(true);
  });

  it('refuses an empty change and unknown statuses', () => {
    expect(updateGameBody.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['Nothing to update.']);
    expect(updateGameBody.safeParse({ eventId: uid(3) }).success).toBe(false);
    expect(updateGameBody.safeParse({ status: 'PAUSED' }).success).toBe(false);
  });
});

describe('startGame and gameSchema', () => {
  it('starts every player at 40 life with no counters, first player active on turn 1', () => {
    const game = fourPlayerGame();
    expect(game).toMatchObject({ status: 'ACTIVE', activeSeat: 0, turnNumber: 1, startTime: T0, createdById: 'u-ana', events: [] });
    expect(game.participants.map((p) => [p.displayName, p.lifeTotal, p.poisonCounters, p.energyCounters, p.experienceCounters, p.out])).toEqual([
      ['Ana', 40, 0, 0, 0, false],
      ['Bo', 40, 0, 0, 0, false],
      ['Cy', 40, 0, 0, 0, false],
      ['Dee', 40, 0, 0, 0, false],
    ]);
  });

  it('produces games the schema accepts, also after play', () => {
    let game = fourPlayerGame();
    game = applyIncrement(game, inc(0, 'commanderDamage', 4, { source: { seat: 1, which: 'partner' } }));
    game = passTurn(game);
    expect(gameSchema.parse(game)).toEqual(game);
  });

  it('keys commander damage by source seat and commander', () => {
    expect(commanderDamageKey({ seat: 3, which: 'partner' })).toBe('3:partner');
    const participant = fourPlayerGame().participants[0]!;
    expect(gameParticipantSchema.safeParse({ ...participant, commanderDamage: { '9:commander': 1 } }).success).toBe(false);
    expect(gameParticipantSchema.safeParse({ ...participant, commanderDamage: { '2:commander': -1 } }).success).toBe(false);
    expect(gameParticipantSchema.safeParse({ ...participant, poisonCounters: -1 }).success).toBe(false);
    expect(gameParticipantSchema.safeParse({ ...participant, lifeTotal: -7 }).success).toBe(true);
  });
});
