/**
 * Protected routes (spec section 2): all under one guard. Pages with the bottom navigation sit
 * under `shell`; /game/* pages sit under `game`, which has none.
 */
import { createRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { ClaimPage } from '../features/game/ClaimPage';
import { LayoutPage } from '../features/game/LayoutPage';
import { NewGamePage } from '../features/game/NewGamePage';
import { GameSessionPage, PlaymatPage } from '../features/game/PlaymatPage';
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
  component: NewGamePage,
});

const gameSessionRoute = createRoute({ getParentRoute: () => gameRoute, path: '/game/session', component: GameSessionPage });
const gameLayoutRoute = createRoute({ getParentRoute: () => gameRoute, path: '/game/layout', component: LayoutPage });
const gameSetupRoute = createRoute({ getParentRoute: () => gameRoute, path: '/game/setup', component: NewGamePage });
const gameByIdRoute = createRoute({
  getParentRoute: () => gameRoute,
  path: '/game/$id',
  // Keyed by id: another game's playmat starts fresh (its own pull, panels closed).
  component: function GameByIdPage() {
    const { id } = gameByIdRoute.useParams();
    return <PlaymatPage key={id} gameId={id} />;
  },
});

const claimRoute = createRoute({
  getParentRoute: () => gameRoute,
  path: '/claim/$token',
  component: function ClaimByToken() {
    const { token } = claimRoute.useParams();
    return <ClaimPage token={token} />;
  },
});

export const protectedTree = authRoute.addChildren([
  shellRoute.addChildren([dashboardRoute, podsRoute, profileRoute, newGameSetupRoute]),
  gameRoute.addChildren([gameSessionRoute, gameLayoutRoute, gameSetupRoute, gameByIdRoute, claimRoute]),
]);
