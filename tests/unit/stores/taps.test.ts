/** The tap overlay's invariant (src/stores/tap-overlay.ts): shown once, retired when the mirror shows it or after the grace. */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyIncrement } from '../../../src/game/counters';
import { pendingTaps, RECORDED_GRACE_MS, shownGame, useTaps } from '../../../src/stores/tap-overlay';
import { fourPlayerGame, inc, uid } from '../game/helpers';

beforeEach(() => useTaps.setState({ taps: [] }));

describe('the tap overlay', () => {
  it('shows a tap on top of the mirror, and never twice once the mirror has it too', () => {
    const mirror = fourPlayerGame();
    const tap = inc(0, 'life', -3, { id: uid(900) });
    useTaps.getState().add(mirror.id, tap);
    const pending = pendingTaps(useTaps.getState().taps, mirror.id);
    expect(shownGame(mirror, pending).participants[0]!.lifeTotal).toBe(37);
    const recorded = applyIncrement(mirror, tap);
    expect(shownGame(recorded, pending).participants[0]!.lifeTotal).toBe(37);
    expect(pendingTaps(useTaps.getState().taps, 'another game')).toEqual([]);
  });

  it('retires a tap when the mirror shows it, or when recorded longer than the grace, or at once when refused', () => {
    const mirror = fourPlayerGame();
    const shown = inc(0, 'life', -1, { id: uid(901) });
    const recordedLong = inc(1, 'life', -1, { id: uid(902) });
    const waiting = inc(2, 'life', -1, { id: uid(903) });
    const refused = inc(3, 'life', -1, { id: uid(904) });
    for (const tap of [shown, recordedLong, waiting, refused]) useTaps.getState().add(mirror.id, tap);
    useTaps.getState().recorded(recordedLong.id, 1000);
    useTaps.getState().drop(refused.id);
    useTaps.getState().prune(applyIncrement(mirror, shown), 1000 + RECORDED_GRACE_MS);
    expect(useTaps.getState().taps.map((tap) => tap.increment.id)).toEqual([waiting.id]);
    // Not yet recorded: it waits however long the frame takes.
    useTaps.getState().prune(mirror, 1e9);
    expect(useTaps.getState().taps.map((tap) => tap.increment.id)).toEqual([waiting.id]);
  });
});
