/**
 * Protected routes (spec section 2): all under one guard. Pages with the bottom navigation sit
 * under `shell`; /game/* pages sit under `game`, which has none.
 */
import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NewGameComing, NoLiveGame, SeatingComing } from '../features/game/GamePlaceholders';
import { ChatsPage } from '../features/chats/ChatsPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { GameLayout, ProtectedLayout, ShellLayout } from '../features/shell/ProtectedLayout';
import { requireLogin } from './guards';
import { rootRoute } from './root';

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  beforeLoad: requireLogin,
  component: ProtectedLayout,
});

const shellRoute = createRoute({ getParentRoute: () => authRoute, id: 'shell', component: ShellLayout });
const gameRoute = createRoute({ getParentRoute: () => authRoute, id: 'game', component: GameLayout });

const dashboardRoute = createRoute({ getParentRoute: () => shellRoute, path: '/dashboard', component: DashboardPage });
const podsRoute = createRoute({ getParentRoute: () => shellRoute, path: '/pods', component: () => <ChatsPage /> });
const profileRoute = createRoute({ getParentRoute: () => shellRoute, path: '/profile', component: ProfilePage });
const newGameSetupRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/new-game-setup',
  component: NewGameComing,
});

const gameSessionRoute = createRoute({ getParentRoute: () => gameRoute, path: '/game/session', component: NoLiveGame });
const gameLayoutRoute = createRoute({ getParentRoute: () => gameRoute, path: '/game/layout', component: SeatingComing });
const gameSetupRoute = createRoute({ getParentRoute: () => gameRoute, path: '/game/setup', component: NewGameComing });
const gameByIdRoute = createRoute({ getParentRoute: () => gameRoute, path: '/game/$id', component: NoLiveGame });

export const protectedTree = authRoute.addChildren([
  shellRoute.addChildren([dashboardRoute, podsRoute, profileRoute, newGameSetupRoute]),
  gameRoute.addChildren([gameSessionRoute, gameLayoutRoute, gameSetupRoute, gameByIdRoute]),
]);
