import { describe, expect, it } from 'vitest';
import { historyLists } from '../../../src/game/history';
import { active, ended } from '../stats/games';

describe('game history lists', () => {
  it("'All my games' holds the games I play in; a pod's list holds every game of the pod, mine or not", () => {
    const played = ended(3, { winnerSeat: 0 }, { podId: 'p1' });
    // An ended game of my pod that I did not play in (the server shares those with members).
    const podRecord = { ...ended(4, { winnerSeat: 1 }, { podId: 'p1' }), createdById: 'u-bo', participants: ended(4, { winnerSeat: 1 }).participants.map((p) => (p.userId === 'u-ana' ? { ...p, userId: null, role: 'guest' as const } : p)) };
    const playing = active(5);
    const mine = historyLists([played, podRecord, playing], undefined, 'u-ana');
    expect(mine.past.map((game) => game.id)).toEqual([played.id]);
    expect(mine.inProgress.map((game) => game.id)).toEqual([playing.id]);
    expect(historyLists([played, podRecord, playing], 'p1', 'u-ana').past.map((game) => game.id)).toEqual([podRecord.id, played.id]);
  });
});
