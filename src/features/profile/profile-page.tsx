/** /profile (the spec's Profile page): tabs Profile, Stats, Decks, Settings. */
import * as Tabs from '@radix-ui/react-tabs';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { LOADING_USER } from '../dashboard/dashboard-page';
import { DecksTab } from '../decks/decks-tab';
import { BlockedUsers } from '../friends/blocked-users';
import { NotificationSettingsPanel } from '../notifications/notification-settings-panel';
import { PageHeader } from '../shell/page-header';
import { Avatar } from './avatar';
import { AvatarUpload } from './avatar-upload';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DownloadMyData } from './download-my-data';
import { StorageStatusLine } from './storage-status-line';
import { ProfileForm } from './profile-form';
import { StatsText } from '../stats/texts';

const StatsTab = lazy(() => import('../stats/stats-tab'));

export function ProfilePage() {
  const user = useCurrentUser();
  // /profile#stats (the dashboard's 'All stats') opens the Stats tab. A hash rather than a search
  // parameter: it needs no route option, so the first chunk (the route table) does not grow.
  const hash = useLocation({ select: (location) => location.hash });

  return (
    <main className="page">
      <PageHeader title="Profile" />
      <Tabs.Root defaultValue={hash === 'stats' ? 'stats' : 'profile'} className="tabs">
        <Tabs.List className="tab-list" aria-label="Profile sections">
          <Tabs.Trigger value="profile" className="tab">
            Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="stats" className="tab">
            Stats
          </Tabs.Trigger>
          <Tabs.Trigger value="decks" className="tab">
            Decks
          </Tabs.Trigger>
          <Tabs.Trigger value="settings" className="tab">
            Settings
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" className="card tab-panel">
          {user ? (
            <>
              <div className="profile-avatar">
                <Avatar username={user.username} avatarUrl={user.avatarUrl} displayName={user.displayName} size={96} />
                <div>
                  <p className="profile-username">@{user.username}</p>
                  <AvatarUpload />
                </div>
              </div>
              {/* Keyed by user: a different account must not inherit this one's draft. */}
              <ProfileForm key={user.id} user={user} />
            </>
          ) : (
            <p role="status">{LOADING_USER}</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="stats" className="card tab-panel">
          {/* Its own chunk (the chart, the tables): fetched when the tab is first opened. */}
          <Suspense fallback={<p role="status">{StatsText.loading}</p>}>
            <StatsTab />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="decks" className="card tab-panel">
          <DecksTab />
        </Tabs.Content>
        <Tabs.Content value="settings" className="card tab-panel">
          <NotificationSettingsPanel />
          <BlockedUsers />
          <DownloadMyData>
            <StorageStatusLine />
          </DownloadMyData>
          <DeleteAccountDialog />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
