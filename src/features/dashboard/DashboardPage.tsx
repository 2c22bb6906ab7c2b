/** /dashboard (the spec's Dashboard). Reads only the mirror: it opens offline with what it has. */
import { useCurrentUser } from '../auth/useCurrentUser';
import { PageHeader } from '../shell/PageHeader';
import { GamesCard } from './GamesCard';
import { ProfileCard } from './ProfileCard';
import { RecentPodActivity } from './RecentPodActivity';
import { StatsHighlights } from './StatsHighlights';

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
