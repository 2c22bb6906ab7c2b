/** Bottom navigation of the protected pages (the spec's navigation); hidden on /game routes by the layout. */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useLogout } from '../auth/use-logout';
import { HomeIcon, NewGameIcon, PodsIcon, ProfileIcon } from './icons';
import { LogoutDialog } from './logout-dialog';
import { MoreMenu } from './more-menu';
import { NotificationsDialog } from './notifications-dialog';

export function BottomNav() {
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const logout = useLogout();

  return (
    <>
      <nav aria-label="Main" className="bottom-nav">
        <Link to="/dashboard" className="nav-item">
          <HomeIcon />
          <span>Home</span>
        </Link>
        <Link to="/pods" className="nav-item">
          <PodsIcon />
          <span>Pods</span>
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
