/** Stats from finished games: the figures, per commander and deck, head-to-head, the pod board. */
import { describe, expect, it } from 'vitest';
import type { Game, GameParticipant } from '../../../src/contract/game';
import { averageFinish, formatDuration, isCounted, percent, personalStats, podLeaderboard, podRank } from '../../../src/stats';
import { active, claimedBy, ended } from './games';

const KRENKO: Partial<GameParticipant> = { deckId: null, deckName: 'Goblins', commanderName: 'Krenko, Mob Boss' };
const EVE: Partial<GameParticipant> = { userId: 'u-eve', displayName: 'Eve', deckName: 'Eldrazi', commanderName: 'Ulalek' };

function withSeat(game: Game, seat: number, patch: Partial<GameParticipant>): Game {
  return { ...game, participants: game.participants.map((p) => (p.seatNumber === seat ? { ...p, ...patch } : p)) };
}

/**
 * Ana (seat 0): W, W, L, draw, W — then a game in progress and one ended without a result.
 * Games 1–3 in the Thursday pod (Eve sits in for Cy in game 1), 4–5 in the Friday pod.
 */
function season(): Game[] {
  const thu = { podId: 'p-thu' };
  const fri = { podId: 'p-fri' };
  return [
    withSeat(ended(1, { winnerSeat: 0 }, thu, 60), 2, EVE),
    withSeat(ended(2, { winnerSeat: 0, outOrder: [3, 2, 1] }, thu, 90), 0, KRENKO),
    ended(3, { winnerSeat: 1, outOrder: [3, 0, 2] }, thu, 30),
    ended(4, { winnerSeat: null }, fri, 60),
    withSeat(ended(5, { winnerSeat: 0 }, fri, 60), 0, KRENKO),
    active(6),
    ended(7, 'no result', thu, 60),
  ];
}

describe('which games count', () => {
  it('counts ended games with a winner or a draw; not a game in progress, nor one ended without a result', () => {
    expect(season().map(isCounted)).toEqual([true, true, true, true, true, false, false]);
  });
});

describe('personal stats', () => {
  const stats = personalStats(season(), 'u-ana', { deckNames: new Map([['d-ana', 'Superfriends']]) });

  it('the six highlights: games played, win rate, most played commander, average length, longest streak, pod rank', () => {
    const h = stats.highlights;
    expect(h.gamesPlayed).toBe(5);
    expect(h.wins).toBe(3);
    expect(h.draws).toBe(1);
    expect(percent(h.winRate)).toBe('60%');
    expect(h.mostPlayedCommander).toEqual({ name: 'Atraxa', games: 3 });
    expect(formatDuration(h.averageGameMs)).toBe('1 h 00 min');
    // W W L draw W: the loss ends the first run; a draw is not a win.
    expect(h.longestWinStreak).toBe(2);
    // Most played pod: Thursday (3 games), where Ana has most wins.
    expect(h.podRank).toEqual({ podId: 'p-thu', rank: 1, of: 4, games: 3 });
  });

  it('a draw breaks a win streak', () => {
    const games = [ended(1, { winnerSeat: 0 }), ended(2, { winnerSeat: null }), ended(3, { winnerSeat: 0 })];
    expect(personalStats(games, 'u-ana').highlights.longestWinStreak).toBe(1);
  });

  it('per commander: games, wins, win rate, average finish (a draw ranks nobody)', () => {
    expect(stats.commanders.map((c) => [c.label, c.games, c.wins, percent(c.winRate), averageFinish(c.averageFinish)])).toEqual([
      // Places 1 (game 1) and 3 (game 3); game 4 is a draw.
      ['Atraxa', 3, 1, '33%', '2'],
      ['Krenko, Mob Boss', 2, 2, '100%', '1'],
    ]);
  });

  it("per deck: a deck by id under its current name, else by its typed name", () => {
    expect(stats.decks.map((d) => [d.label, d.games, d.wins])).toEqual([
      ['Superfriends', 3, 1],
      ['Goblins', 2, 2],
    ]);
  });

  it('partners are one commander line, joined with " // "', () => {
    const bo = personalStats(season(), 'u-bo');
    expect(bo.commanders.map((c) => c.label)).toEqual(['Tymna // Thrasios']);
    expect(bo.commanders[0]!.averageFinish).toBe((4 + 2 + 1 + 4) / 4);
  });

  it('head-to-head against accounts met in at least 2 counted games; guests and one-off opponents are left out', () => {
    expect(stats.opponents.map((o) => [o.name, o.games, o.myWins, o.theirWins])).toEqual([
      ['Bo', 5, 3, 1],
      ['Cy', 4, 2, 0],
    ]);
  });

  it('wins over time: cumulative wins per counted game, oldest first', () => {
    expect(stats.winsOverTime.map((p) => [p.won, p.wins])).toEqual([
      [true, 1],
      [true, 2],
      [false, 2],
      [false, 2],
      [true, 3],
    ]);
  });

  it('a user with no counted game has empty stats', () => {
    const none = personalStats([active(1), ended(2, 'no result')], 'u-ana');
    expect(none.highlights.gamesPlayed).toBe(0);
    expect(none.highlights.podRank).toBeNull();
    expect(none.highlights.mostPlayedCommander).toBeNull();
    expect(none.commanders).toEqual([]);
  });

  it("a claimed guest seat counts for the account that claimed it, matched by user id", () => {
    const deeWins = ended(8, { winnerSeat: 3 }, { podId: 'p-thu' });
    expect(personalStats([deeWins], 'u-dee').highlights.gamesPlayed).toBe(0);
    const claimed = claimedBy(deeWins, 'u-dee', 'Dee Dee');
    const dee = personalStats([claimed], 'u-dee');
    expect(dee.highlights).toMatchObject({ gamesPlayed: 1, wins: 1, longestWinStreak: 1, mostPlayedCommander: { name: 'Edgar Markov', games: 1 } });
    expect(dee.highlights.podRank).toMatchObject({ podId: 'p-thu', rank: 1 });
    expect(podLeaderboard([claimed], 'p-thu').find((line) => line.userId === 'u-dee')).toMatchObject({ name: 'Dee Dee', wins: 1, games: 1 });
  });
});

describe('pod leaderboard', () => {
  it('ranks the accounts of the pod by wins (ties share a rank), then win rate, then games', () => {
    const board = podLeaderboard(season(), 'p-thu');
    expect(board.map((l) => [l.rank, l.name, l.wins, percent(l.winRate), l.games])).toEqual([
      [1, 'Ana', 2, '67%', 3],
      [2, 'Bo', 1, '33%', 3],
      [3, 'Cy', 0, '0%', 2],
      [3, 'Eve', 0, '0%', 1],
    ]);
  });

  it("only the pod's counted games", () => {
    expect(podLeaderboard(season(), 'p-fri').map((l) => [l.name, l.games, l.wins])).toEqual([
      ['Ana', 2, 1],
      ['Bo', 2, 0],
      ['Cy', 2, 0],
    ]);
    expect(podLeaderboard(season(), 'p-none')).toEqual([]);
  });

  it('pod rank is the rank in the most-played pod; a tie of games goes to the pod played last', () => {
    const games = [ended(1, { winnerSeat: 1 }, { podId: 'p-a' }), ended(2, { winnerSeat: 0 }, { podId: 'p-b' })];
    expect(podRank(games, 'u-ana')).toEqual({ podId: 'p-b', rank: 1, of: 3, games: 1 });
    expect(podRank([ended(1, { winnerSeat: 1 })], 'u-ana')).toBeNull();
  });
});
