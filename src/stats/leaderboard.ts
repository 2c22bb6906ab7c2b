/**
 * A pod's leaderboard and the user's pod rank. Pure.
 *
 * - The leaderboard of a pod ranks every account that played a counted game of that pod: by
 *   wins, then win rate, then games. Players with the same wins share a rank (1, 2, 2, 4): the
 *   rank is "by wins", the other columns only order the table.
 * - Pod rank (a 'Stats Highlights' figure) is the user's rank on the leaderboard of their
 *   most-played pod: the pod with most counted games of theirs; a tie goes to the pod played
 *   most recently. Null while they have no counted pod game.
 * - Only games the mirror holds count: the server sends a user the games they created or play
 *   in, so a pod game played without them is not on their device (docs/stats.md).
 */
import type { Game } from '../contract/game';
import { byEnd, isCounted, rate, seatOf, type CountedGame } from './outcomes';

export interface LeaderboardLine {
  userId: string;
  /** The name they had at the table in their latest game of the pod. */
  name: string;
  rank: number;
  games: number;
  wins: number;
  winRate: number;
}

export interface PodRank {
  podId: string;
  rank: number;
  /** How many players the leaderboard ranks. */
  of: number;
  /** The user's counted games in that pod. */
  games: number;
}

function countedOfPod(games: readonly Game[], podId: string): CountedGame[] {
  return games.filter((game): game is CountedGame => game.podId === podId && isCounted(game)).sort(byEnd);
}

export function podLeaderboard(games: readonly Game[], podId: string): LeaderboardLine[] {
  const lines = new Map<string, Omit<LeaderboardLine, 'rank' | 'winRate'>>();
  for (const game of countedOfPod(games, podId)) {
    for (const player of game.participants) {
      if (!player.userId) continue;
      const line = lines.get(player.userId) ?? { userId: player.userId, name: '', games: 0, wins: 0 };
      line.name = player.displayName || player.guestName || line.name;
      line.games += 1;
      if (game.result.winnerSeat === player.seatNumber) line.wins += 1;
      lines.set(player.userId, line);
    }
  }
  const sorted = [...lines.values()]
    .map((line) => ({ ...line, winRate: rate(line.wins, line.games) }))
    .sort((a, b) => b.wins - a.wins || b.winRate - a.winRate || b.games - a.games || a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return sorted.map((line) => ({ ...line, rank: 1 + sorted.filter((other) => other.wins > line.wins).length }));
}

/** The pod `userId` played most counted games in (latest played on a tie), or null. */
export function mostPlayedPod(games: readonly Game[], userId: string): { podId: string; games: number } | null {
  const pods = new Map<string, { games: number; lastEnd: string }>();
  for (const game of games) {
    if (!game.podId || !isCounted(game) || !seatOf(game, userId)) continue;
    const pod = pods.get(game.podId) ?? { games: 0, lastEnd: '' };
    pod.games += 1;
    if (game.result.endedAt > pod.lastEnd) pod.lastEnd = game.result.endedAt;
    pods.set(game.podId, pod);
  }
  const [best] = [...pods].sort(([idA, a], [idB, b]) => b.games - a.games || b.lastEnd.localeCompare(a.lastEnd) || idA.localeCompare(idB));
  return best ? { podId: best[0], games: best[1].games } : null;
}

export function podRank(games: readonly Game[], userId: string): PodRank | null {
  const pod = mostPlayedPod(games, userId);
  if (!pod) return null;
  const board = podLeaderboard(games, pod.podId);
  const mine = board.find((line) => line.userId === userId);
  return mine ? { podId: pod.podId, rank: mine.rank, of: board.length, games: pod.games } : null;
}
