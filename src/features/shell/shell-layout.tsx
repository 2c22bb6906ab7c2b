/** Pages with the bottom navigation: every protected page except /game/* (the spec's navigation). */
import { Outlet } from '@tanstack/react-router';
import { BottomNav } from './bottom-nav';

export function ShellLayout() {
  return (
    <div className="app-shell">
      <Outlet />
      <BottomNav />
    </div>
  );
}
