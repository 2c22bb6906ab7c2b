import { describe, expect, it } from 'vitest';
import {
  addPlayerProblem,
  guestProblems,
  isSamePlayer,
  seatCountMessage,
  seatCountProblem,
  validateCustomTable,
  validateGameStart,
  type PlayerDraft,
} from '../../../src/game/wizard';

const me: PlayerDraft = { role: 'self', userId: 'u-ana', displayName: 'Ana', deckId: 'd-ana', commanderName: 'Atraxa' };
const bo: PlayerDraft = { role: 'friend', userId: 'u-bo', displayName: 'Bo', deckName: 'Blitz', commanderName: 'Tymna' };
const cy: PlayerDraft = { role: 'pod', userId: 'u-cy', displayName: 'Cy', deckName: 'Knights', commanderName: 'Kenrith' };
const dee: PlayerDraft = {
  role: 'guest',
  guestName: 'Dee',
  displayName: 'Dee',
  accountEmail: 'dee@example.test',
  deckName: 'Vampires',
  commanderName: 'Edgar Markov',
};

describe('seat count', () => {
  it('asks for the players still missing, in the spec’s words', () => {
    expect(seatCountMessage(4, 2)).toBe('Add 2 more player(s) to continue.');
    expect(seatCountMessage(4, 3)).toBe('Add 1 more player(s) to continue.');
    expect(seatCountMessage(8, 0)).toBe('Add 8 more player(s) to continue.');
  });

  it('asks to remove extra players, in the spec’s words', () => {
    expect(seatCountMessage(3, 5)).toBe('Remove 2 player(s) to match seat count.');
    expect(seatCountMessage(2, 3)).toBe('Remove 1 player(s) to match seat count.');
  });

  it('is satisfied when the players fill the seats exactly', () => {
    expect(seatCountMessage(4, 4)).toBeNull();
  });

  it('allows 2 to 8 seats', () => {
    expect(seatCountProblem(2)).toBeNull();
    expect(seatCountProblem(8)).toBeNull();
    expect(seatCountProblem(1)).toBe('Choose between 2 and 8 seats.');
    expect(seatCountProblem(9)).toBe('Choose between 2 and 8 seats.');
    expect(seatCountProblem(4.5)).toBe('Choose between 2 and 8 seats.');
  });
});

describe('adding players to a custom table', () => {
  it('refuses yourself twice and any account already seated', () => {
    expect(addPlayerProblem([me], { ...me })).toBe('This player is already at the table.');
    expect(addPlayerProblem([me, bo], { role: 'pod', userId: 'u-bo', displayName: 'Bo' })).toBe(
      'This player is already at the table.',
    );
    expect(addPlayerProblem([me], bo)).toBeNull();
  });

  it('refuses a guest whose name is already at the table, ignoring case and spaces', () => {
    expect(addPlayerProblem([me, dee], { ...dee, guestName: '  dEE ', displayName: 'dEE' })).toBe(
      'This player is already at the table.',
    );
    expect(addPlayerProblem([me, dee], { ...dee, guestName: 'Deb', displayName: 'Deb' })).toBeNull();
    // A blank guest-name field falls back to the name shown at the table.
    expect(addPlayerProblem([me, dee], { ...dee, guestName: '', displayName: 'DEE' })).toBe('This player is already at the table.');
  });

  it('does not confuse a guest with an account holder of the same name', () => {
    expect(isSamePlayer({ ...dee, guestName: 'Bo', displayName: 'Bo' }, bo)).toBe(false);
    expect(isSamePlayer({ role: 'guest' }, { role: 'guest' })).toBe(false);
  });

  it('needs a guest name and at least one commander', () => {
    expect(addPlayerProblem([me], { role: 'guest', guestName: ' ', commanderName: 'Edgar' })).toBe('Guest name is required.');
    expect(addPlayerProblem([me], { role: 'guest', guestName: 'Dee', commanderName: '' })).toBe(
      'Add at least one commander for this guest.',
    );
    expect(guestProblems({ role: 'guest' })).toEqual(['Guest name is required.', 'Add at least one commander for this guest.']);
    expect(guestProblems({ role: 'guest', guestName: 'Dee', partnerCommanderName: 'Thrasios' })).toEqual([]);
  });
});

describe('validateCustomTable (Next on step 2)', () => {
  it('passes a full table with no issues', () => {
    expect(validateCustomTable(4, [me, bo, cy, dee])).toEqual({ ok: true, byParticipant: {} });
  });

  it('reports missing and extra players as the overall message', () => {
    expect(validateCustomTable(4, [me, bo])).toEqual({
      ok: false,
      overall: 'Add 2 more player(s) to continue.',
      byParticipant: {},
    });
    expect(validateCustomTable(2, [me, bo, cy])).toEqual({
      ok: false,
      overall: 'Remove 1 player(s) to match seat count.',
      byParticipant: {},
    });
    expect(validateCustomTable(9, [me])).toMatchObject({ ok: false, overall: 'Choose between 2 and 8 seats.' });
  });

  it('marks the duplicate and the incomplete guest by their index', () => {
    const result = validateCustomTable(4, [me, bo, { ...bo, role: 'pod' }, { role: 'guest', guestName: 'Eve' }]);
    expect(result).toEqual({
      ok: false,
      byParticipant: {
        2: ['This player is already at the table.'],
        3: ['Add at least one commander for this guest.'],
      },
    });
  });
});

describe('validateGameStart (Start game)', () => {
  it('starts a complete table once the first player is chosen', () => {
    expect(validateGameStart([me, bo, cy, dee], 2)).toEqual({ ok: true, byParticipant: {} });
  });

  it('asks for players first', () => {
    expect(validateGameStart([], 0)).toEqual({ ok: false, overall: 'Add players to your table before starting.', byParticipant: {} });
  });

  it('asks who takes the first turn', () => {
    expect(validateGameStart([me, bo], null)).toEqual({
      ok: false,
      overall: 'Choose who will take the first turn.',
      byParticipant: {},
    });
    expect(validateGameStart([me, bo], 2).overall).toBe('Choose who will take the first turn.');
  });

  it('highlights each player’s issues and asks to resolve them', () => {
    const noCommander: PlayerDraft = { ...bo, commanderName: '  ' };
    const noDeck: PlayerDraft = { ...cy, deckId: null, deckName: '' };
    const guestNoEmail: PlayerDraft = { ...dee, accountEmail: '' };
    const result = validateGameStart([me, noCommander, noDeck, guestNoEmail], 0);
    expect(result).toEqual({
      ok: false,
      overall: 'Resolve the highlighted issues to start the game.',
      byParticipant: {
        1: ['Commander name is required.'],
        2: ['Provide a deck selection.'],
        3: ['Guest email is required so they can claim the game.'],
      },
    });
  });

  it('accepts a deck by id or by name, and checks a guest’s e-mail format', () => {
    expect(validateGameStart([{ ...me, deckId: 'd-1', deckName: null }, { ...bo, deckId: null, deckName: 'Blitz' }], 0).ok).toBe(
      true,
    );
    expect(validateGameStart([me, { ...dee, accountEmail: 'dee-at-home' }], 0).byParticipant).toEqual({
      1: ['Enter a valid email address.'],
    });
  });

  it('lists every issue of one player, in form order', () => {
    const bare: PlayerDraft = { role: 'guest' };
    expect(validateGameStart([me, bare], 0).byParticipant[1]).toEqual([
      'Guest name is required.',
      'Commander name is required.',
      'Provide a deck selection.',
      'Guest email is required so they can claim the game.',
    ]);
  });

  it('refuses a single player or more than 8', () => {
    expect(validateGameStart([me], 0)).toMatchObject({ ok: false, overall: 'A game needs 2 to 8 players.' });
    const nine = Array.from({ length: 9 }, (_, i): PlayerDraft => ({ ...bo, userId: `u-${i}` }));
    expect(validateGameStart(nine, 0)).toMatchObject({ ok: false, overall: 'A game needs 2 to 8 players.' });
  });

  it('still catches a player seated twice (a pod game skips the custom-table step)', () => {
    expect(validateGameStart([me, bo, { ...bo }], 0)).toEqual({
      ok: false,
      overall: 'Resolve the highlighted issues to start the game.',
      byParticipant: { 2: ['This player is already at the table.'] },
    });
  });
});
