/**
 * The six figures the spec's 'Stats Highlights' placeholder names, for real: shared by the
 * dashboard panel and Profile → Stats. Shown only once the user has a counted game.
 */
import { formatDuration, percent, rankText, type Highlights } from '../../stats';
import { games, StatsText } from './texts';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>
        {value}
        {detail ? <span className="stat-detail"> {detail}</span> : null}
      </dd>
    </div>
  );
}

export function StatsFigures({ highlights, podNames }: { highlights: Highlights; podNames: ReadonlyMap<string, string> }) {
  const { podRank, mostPlayedCommander } = highlights;
  return (
    <dl className="stats-grid stats-grid--real">
      <Figure label={StatsText.gamesPlayed} value={String(highlights.gamesPlayed)} />
      <Figure label={StatsText.winRate} value={percent(highlights.winRate)} detail={`${highlights.wins} of ${highlights.gamesPlayed}`} />
      <Figure
        label={StatsText.mostPlayedCommander}
        value={mostPlayedCommander?.name ?? '—'}
        detail={mostPlayedCommander ? games(mostPlayedCommander.games) : undefined}
      />
      <Figure label={StatsText.averageGameLength} value={formatDuration(highlights.averageGameMs)} />
      <Figure label={StatsText.longestWinStreak} value={String(highlights.longestWinStreak)} />
      {podRank ? (
        <Figure label={StatsText.podRank} value={rankText(podRank.rank)} detail={`of ${podRank.of} in ${podNames.get(podRank.podId) ?? 'a pod'}`} />
      ) : (
        <Figure label={StatsText.podRank} value="—" detail={StatsText.noPodGames} />
      )}
    </dl>
  );
}
