/**
 * A pod's leaderboard on its page: wins, win rate and games of everyone who played
 * its finished games, live from the mirror. Folded under the pod's header so the chat keeps
 * the screen; docs/stats.md says which games it counts.
 */
import type { PodRow } from '../../db/schema';
import { podLeaderboard } from '../../stats';
import { StatsText } from '../stats/texts';
import { LeaderboardTable } from '../stats/stats-tables';
import { useEndedGames } from '../stats/use-ended-games';
import '../stats/stats.css';

export function PodLeaderboard({ pod, myId }: { pod: PodRow; myId: string }) {
  const games = useEndedGames();
  const lines = games ? podLeaderboard(games, pod.id) : undefined;
  return (
    <details className="pod-leaderboard">
      <summary>{StatsText.leaderboard}</summary>
      {lines === undefined ? (
        <p role="status">{StatsText.loading}</p>
      ) : lines.length === 0 ? (
        <p className="muted">{StatsText.noPodLeaderboard}</p>
      ) : (
        <LeaderboardTable caption={`${StatsText.leaderboard} of ${pod.name}`} lines={lines} myId={myId} />
      )}
    </details>
  );
}
