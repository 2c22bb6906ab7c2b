/**
 * Profile → Stats (spec: "Stats (coming soon)"). 'Coming soon.' as before while the
 * user has no finished game; then the six figures, wins over time, and the split per commander,
 * per deck and per frequent opponent. Its own chunk, fetched when the tab first opens.
 */
import { FREQUENT_OPPONENT_MIN_GAMES } from '../../stats';
import { StatsFigures } from './stats-figures';
import { GroupTable, HeadToHeadTable } from './stats-tables';
import { StatsText } from './texts';
import { useStats } from './use-stats';
import { WinsChart } from './wins-chart';
import './stats.css';

export default function StatsTab() {
  const view = useStats();
  if (view === undefined) return <p role="status">{StatsText.loading}</p>;
  const { stats, podNames } = view;
  if (stats.highlights.gamesPlayed === 0) return <p className="muted">Coming soon.</p>;
  return (
    <div className="stats-tab">
      <section aria-labelledby="stats-overview-title">
        <h2 id="stats-overview-title">Your stats</h2>
        <StatsFigures highlights={stats.highlights} podNames={podNames} />
      </section>
      <section aria-labelledby="stats-wins-title">
        <h3 id="stats-wins-title">{StatsText.winsOverTime}</h3>
        <WinsChart points={stats.winsOverTime} />
      </section>
      <section aria-labelledby="stats-commanders-title">
        <h3 id="stats-commanders-title">{StatsText.byCommander}</h3>
        <GroupTable caption={StatsText.byCommander} firstColumn="Commander" lines={stats.commanders} />
      </section>
      {stats.decks.length > 0 ? (
        <section aria-labelledby="stats-decks-title">
          <h3 id="stats-decks-title">{StatsText.byDeck}</h3>
          <GroupTable caption={StatsText.byDeck} firstColumn="Deck" lines={stats.decks} />
        </section>
      ) : null}
      <section aria-labelledby="stats-opponents-title">
        <h3 id="stats-opponents-title">{StatsText.headToHead}</h3>
        {stats.opponents.length > 0 ? (
          <HeadToHeadTable caption={StatsText.headToHead} lines={stats.opponents} />
        ) : (
          <p className="muted">{StatsText.noFrequentOpponents}</p>
        )}
        <p className="muted stats-note">Opponents with an account you played at least {FREQUENT_OPPONENT_MIN_GAMES} finished games with.</p>
      </section>
    </div>
  );
}
