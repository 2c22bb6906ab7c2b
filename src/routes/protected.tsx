/**
 * Protected routes (the spec's protected routes): all under one guard. Pages with the bottom navigation sit
 * under `shell`; /game/* pages sit under `game`, which has none. Every page and the shell are
 * their own chunks (lazy.ts); the guard also starts loading the sync layer, which these pages
 * import, so Dexie and the page's code arrive together.
 */
import { createRoute } from '@tanstack/react-router';
import { chatsSearch, type ChatsSearch } from '../features/chats/chats-search';
import { GameLayout, ProtectedLayout } from '../features/shell/protected-layout';
import { loadSync } from '../sync/load';
import { requireLogin } from './guards';
import { lazyPage, preloadsWith } from './lazy';
import { rootRoute } from './root';

const ShellLayout = lazyPage(() => import('../features/shell/shell-layout'), 'ShellLayout');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const ChatsPage = lazyPage(() => import('../features/chats/chats-page'), 'ChatsPage');
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const GameHistoryPage = lazyPage(() => import('../features/history/game-history-page'), 'GameHistoryPage');
const NewGamePage = lazyPage(() => import('../features/game/wizard/new-game-page'), 'NewGamePage');
const LayoutPage = lazyPage(() => import('../features/game/wizard/layout-page'), 'LayoutPage');
const GameSessionPage = lazyPage(() => import('../features/game/playmat/playmat-page'), 'GameSessionPage');
const PlaymatPage = lazyPage(() => import('../features/game/playmat/playmat-page'), 'PlaymatPage');
const SearchPage = lazyPage(() => import('../features/search/search-page'), 'SearchPage');
const ClaimPage = lazyPage(() => import('../features/game/invites/claim-page'), 'ClaimPage');
const JoinEntryPage = lazyPage(() => import('../features/game/join/join-entry-page'), 'JoinEntryPage');
const JoinPage = lazyPage(() => import('../features/game/join/join-page'), 'JoinPage');
const ClaimSeatPage = lazyPage(() => import('../features/game/guest/claim-seat-page'), 'ClaimSeatPage');

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'auth',
  beforeLoad: (context) => {
    requireLogin(context);
    loadSync().catch((error: unknown) => console.warn('The sync layer did not load.', error));
  },
  component: ProtectedLayout,
});

const shellRoute = createRoute({ getParentRoute: () => authRoute, id: 'shell', component: ShellLayout });
const gameRoute = createRoute({ getParentRoute: () => authRoute, id: 'game', component: GameLayout });

const dashboardRoute = createRoute({ getParentRoute: () => shellRoute, path: '/dashboard', component: DashboardPage });
/** /pods?tab=messages&peer=… or ?tab=pods&pod=… : where a notification's click lands (contract/push.ts); with &msg=…&at=… a search result's chat, opened at that message. */
const podsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/pods',
  validateSearch: (search: Record<string, unknown>): ChatsSearch => chatsSearch(search),
  component: preloadsWith(function PodsPage() {
    const search = podsRoute.useSearch();
    // Keyed by the search: a second notification click while here opens its chat afresh.
    const focus = search.msg && search.at ? { id: search.msg, createdAt: search.at } : undefined;
    return <ChatsPage key={JSON.stringify(search)} initialTab={search.tab} initialPeerId={search.peer} initialPodId={search.pod} initialFocus={focus} />;
  }, ChatsPage),
});
const profileRoute = createRoute({ getParentRoute: () => shellRoute, path: '/profile', component: ProfilePage });
const gamesRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/games',
  validateSearch: (search: Record<string, unknown>): { pod?: string } => (typeof search.pod === 'string' && search.pod ? { pod: search.pod } : {}),
  component: preloadsWith(function GamesPage() {
    return <GameHistoryPage podId={gamesRoute.useSearch().pod} />;
  }, GameHistoryPage),
});
/** /search, /search?pod=<id>, /search?peer=<userId>: message search in every chat or one. */
const searchRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/search',
  validateSearch: (search: Record<string, unknown>): { pod?: string; peer?: string } => ({
    ...(typeof search.pod === 'string' && search.pod ? { pod: search.pod } : {}),
    ...(typeof search.peer === 'string' && search.peer && !search.pod ? { peer: search.peer } : {}),
  }),
  component: preloadsWith(function MessageSearchPage() {
    const { pod, peer } = searchRoute.useSearch();
    return <SearchPage key={`${pod ?? ''}:${peer ?? ''}`} scope={{ podId: pod, peerId: peer }} />;
  }, SearchPage),
});
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
  component: preloadsWith(function GameByIdPage() {
    const { id } = gameByIdRoute.useParams();
    return <PlaymatPage key={id} gameId={id} />;
  }, PlaymatPage),
});

const claimRoute = createRoute({
  getParentRoute: () => gameRoute,
  path: '/claim/$token',
  component: preloadsWith(function ClaimByToken() {
    const { token } = claimRoute.useParams();
    return <ClaimPage token={token} />;
  }, ClaimPage),
});

/** A seat this phone holds as a guest with no account, taken over by the signed-in account. */
const claimSeatRoute = createRoute({
  getParentRoute: () => gameRoute,
  path: '/claim-seat/$gameId',
  component: preloadsWith(function ClaimSeat() {
    const { gameId } = claimSeatRoute.useParams();
    return <ClaimSeatPage key={gameId} gameId={gameId} />;
  }, ClaimSeatPage),
});

/** /join: type a join code; /join/$code: the page a join link or QR code opens (signed out: log in, then back here). */
const joinEntryRoute = createRoute({ getParentRoute: () => shellRoute, path: '/join', component: JoinEntryPage });
const joinRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/join/$code',
  // Keyed by code: another code starts afresh.
  component: preloadsWith(function JoinByCode() {
    const { code } = joinRoute.useParams();
    return <JoinPage key={code} code={code} />;
  }, JoinPage),
});

export const protectedTree = authRoute.addChildren([
  shellRoute.addChildren([dashboardRoute, podsRoute, profileRoute, gamesRoute, searchRoute, newGameSetupRoute, joinEntryRoute, joinRoute]),
  gameRoute.addChildren([gameSessionRoute, gameLayoutRoute, gameSetupRoute, gameByIdRoute, claimRoute, claimSeatRoute]),
]);
