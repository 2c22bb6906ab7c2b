/**
 * Public routes (the spec's public routes). Thin: they pass route data to feature components. Each page is
 * a chunk of its own (lazy.ts), the landing page too: the first chunk is what every route needs.
 */
import { createRoute } from '@tanstack/react-router';
import { skipWhenLoggedIn, validateLoginSearch } from './guards';
import { lazyPage, preloadsWith } from './lazy';
import { rootRoute } from './root';

const LandingPage = lazyPage(() => import('../features/landing/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const EmailLinkPage = lazyPage(() => import('../features/auth/email-link-page'), 'EmailLinkPage');
const WatchPage = lazyPage(() => import('../features/game/watch/watch-page'), 'WatchPage');
const GuestJoinPage = lazyPage(() => import('../features/game/guest/guest-join-page'), 'GuestJoinPage');
const GuestPage = lazyPage(() => import('../features/game/guest/guest-page'), 'GuestPage');

export const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: validateLoginSearch,
  beforeLoad: skipWhenLoggedIn,
  component: preloadsWith(function LoginRoute() {
    return <LoginPage redirect={loginRoute.useSearch().redirect} />;
  }, LoginPage),
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  // The same `redirect` as /login: a join link's sign-up comes back to the join page after logging in.
  validateSearch: validateLoginSearch,
  beforeLoad: skipWhenLoggedIn,
  component: preloadsWith(function RegisterRoute() {
    return <RegisterPage redirect={registerRoute.useSearch().redirect} />;
  }, RegisterPage),
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: ForgotPasswordPage,
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password/$token',
  component: preloadsWith(function ResetPasswordRoute() {
    return <ResetPasswordPage token={resetPasswordRoute.useParams().token} />;
  }, ResetPasswordPage),
});

/** A reset link that lost its token shows 'Password reset token is missing.' instead of a 404. */
export const resetPasswordNoTokenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: preloadsWith(function ResetPasswordNoTokenRoute() {
    return <ResetPasswordPage token="" />;
  }, ResetPasswordPage),
});

/** The links an e-mail change mails (ours, not the spec's): confirm from the new address, undo from the old one. */
export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email/$token',
  component: preloadsWith(function ConfirmEmailRoute() {
    return <EmailLinkPage kind="confirm" token={confirmEmailRoute.useParams().token} />;
  }, EmailLinkPage),
});

export const undoEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/undo-email/$token',
  component: preloadsWith(function UndoEmailRoute() {
    return <EmailLinkPage kind="undo" token={undoEmailRoute.useParams().token} />;
  }, EmailLinkPage),
});

/** A game's TV view by its read-only link: no account, signed in or not (docs/playmat.md "TV view"). */
export const watchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/watch/$token',
  component: preloadsWith(function WatchRoute() {
    return <WatchPage token={watchRoute.useParams().token} />;
  }, WatchPage),
});

/** Joining a game by code without an account (docs/playmat.md "Joining"); the log-in page links here from a join link. */
export const guestJoinRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/join-guest/$code',
  component: preloadsWith(function GuestJoinRoute() {
    const { code } = guestJoinRoute.useParams();
    return <GuestJoinPage key={code} code={code} />;
  }, GuestJoinPage),
});

/** The playmat of a seat taken without an account: its credential is on this device (src/sync/guest). */
export const guestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/guest/$gameId',
  component: preloadsWith(function GuestRoute() {
    const { gameId } = guestRoute.useParams();
    return <GuestPage key={gameId} gameId={gameId} />;
  }, GuestPage),
});

export const publicRoutes = [
  watchRoute,
  guestJoinRoute,
  guestRoute,
  confirmEmailRoute,
  undoEmailRoute,
  landingRoute,
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  resetPasswordNoTokenRoute,
] as const;
