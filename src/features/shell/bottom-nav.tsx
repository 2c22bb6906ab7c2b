/**
 * Bottom navigation of the protected pages (the spec's navigation); hidden on /game routes by the
 * layout. The Pods tab (the Chats page: direct messages and pod chats) carries the total of
 * unread messages, and the installed app's icon echoes it (src/features/unread/app-badge.ts).
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useLogout } from '../auth/use-logout';
import { HomeIcon, NewGameIcon, PodsIcon, ProfileIcon } from './icons';
import { LogoutDialog } from './logout-dialog';
import { MoreMenu } from './more-menu';
import { NotificationsDialog } from './notifications-dialog';
import { useAppBadge } from '../unread/app-badge';
import { UnreadBadge } from '../unread/unread-badge';
import { useUnreadCounts } from '../unread/use-unread';

export function BottomNav() {
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const logout = useLogout();
  const unread = useUnreadCounts()?.total;
  useAppBadge(unread);

  return (
    <>
      <nav aria-label="Main" className="bottom-nav">
        <Link to="/dashboard" className="nav-item">
          <HomeIcon />
          <span>Home</span>
        </Link>
        <Link to="/pods" className="nav-item nav-item--unread">
          <PodsIcon />
          <span>Pods</span>
          <UnreadBadge count={unread} className="unread-badge--nav" />
        </Link>
        <Link to="/game/setup" className="nav-item">
          <NewGameIcon />
          <span>New Game</span>
        </Link>
        <Link to="/profile" className="nav-item">
          <ProfileIcon />
          <span>Profile</span>
        </Link>
        <MoreMenu onNotifications={() => setNotificationsOpen(true)} onLogout={() => void logout.requestLogout()} />
      </nav>
      <NotificationsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} />
      <LogoutDialog
        count={logout.pendingCount}
        busy={logout.busy}
        onConfirm={() => void logout.logoutNow()}
        onCancel={logout.cancel}
      />
    </>
  );
}
