import { describe, expect, it } from 'vitest';
import { applyIncrement } from '../../../src/game/counters';
import { setStatus } from '../../../src/game/status';
import { passTurn } from '../../../src/game/turns';
import { undoLast, undoTarget } from '../../../src/game/undo';
import { fourPlayerGame, inc, uid } from './helpers';

const AT = '2025-05-01T19:00:00.000Z';
const played = () => applyIncrement(fourPlayerGame(), inc(0, 'life', -2, { id: uid(75) }));

describe('setStatus', () => {
  it('ends the game, logs it, and then refuses further changes', () => {
    const played = applyIncrement(fourPlayerGame(), inc(0, 'life', -5));
    const ended = setStatus(played, 'FINISHED', { eventId: uid(70), at: AT });
    expect(ended).toMatchObject({ status: 'FINISHED', updatedAt: AT });
    expect(ended.events[0]).toEqual({ id: uid(70), at: AT, kind: 'status', text: 'Game ended' });
    expect(() => applyIncrement(ended, inc(0, 'life', -1))).toThrow('This game has ended.');
    expect(() => passTurn(ended)).toThrow('This game has ended.');
    expect(undoLast(ended)).toBeNull();
  });

  it('is a no-op when the status does not change or the event was already logged', () => {
    const game = fourPlayerGame();
    expect(setStatus(game, 'ACTIVE')).toBe(game);
    const ended = setStatus(game, 'FINISHED', { eventId: uid(71) });
    expect(setStatus(ended, 'FINISHED')).toBe(ended);
    const resumed = setStatus(ended, 'ACTIVE', { eventId: uid(72) });
    expect(resumed.status).toBe('ACTIVE');
    expect(resumed.events.map((e) => e.text)).toEqual(['Game resumed', 'Game ended']);
    // Undo passes over status lines to the last counter or turn change.
    expect(undoTarget(setStatus(played(), 'FINISHED', { eventId: uid(74) }))).toBeNull();
    expect(undoTarget(setStatus(setStatus(played(), 'FINISHED'), 'ACTIVE'))).toMatchObject({ id: uid(75), counter: 'life' });
    expect(setStatus(ended, 'ACTIVE', { appliedIds: new Set([uid(73)]), eventId: uid(73) })).toBe(ended);
  });
});
