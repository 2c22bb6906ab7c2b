/** /dashboard (the spec's Dashboard). Reads only the mirror: it opens offline with what it has. */
import { useCurrentUser } from '../auth/use-current-user';
import { PageHeader } from '../shell/page-header';
import { GamesCard } from './games-card';
import { ProfileCard } from './profile-card';
import { RecentPodActivity } from './recent-pod-activity';
import { StatsHighlights } from './stats-highlights';

export const LOADING_USER = 'Loading user data...';

export function DashboardPage() {
  const user = useCurrentUser();

  return (
    <main className="page">
      <PageHeader title="Dashboard" />
      {user ? (
        <div className="dashboard-grid">
          <ProfileCard user={user} />
          <GamesCard />
          <RecentPodActivity />
          <StatsHighlights />
        </div>
      ) : (
        <p role="status">{LOADING_USER}</p>
      )}
    </main>
  );
}
