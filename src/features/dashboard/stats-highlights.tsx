/**
 * 'Stats Highlights' (the spec's Dashboard): the spec's placeholder until the user has a
 * finished game (docs/stats.md: which games count), then their real figures, live from the
 * mirror, and a way to all of them on Profile → Stats.
 */
import { Link } from '@tanstack/react-router';
import { StatsFigures } from '../stats/stats-figures';
import { StatsText } from '../stats/texts';
import { useStats } from '../stats/use-stats';
import { StatsPlaceholder } from './stats-placeholder';

export function StatsHighlights() {
  const view = useStats();
  let body;
  if (view === undefined) body = <p role="status" className="muted">{StatsText.loading}</p>;
  else if (view.stats.highlights.gamesPlayed === 0) body = <StatsPlaceholder />;
  else
    body = (
      <>
        <StatsFigures highlights={view.stats.highlights} podNames={view.podNames} />
        <div className="button-row">
          <Link to="/profile" hash="stats" className="button button--secondary">
            {StatsText.allStats}
          </Link>
        </div>
      </>
    );
  return (
    <section className="card stats" aria-labelledby="stats-title">
      <h2 id="stats-title">Stats Highlights</h2>
      {body}
    </section>
  );
}
