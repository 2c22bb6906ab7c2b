/** Public routes (spec section 2). Thin: they pass route data to feature components. */
import { createRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { LandingPage } from '../features/landing/LandingPage';
import { skipWhenLoggedIn, validateLoginSearch } from './guards';
import { rootRoute } from './root';

export const landingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: LandingPage });

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: validateLoginSearch,
  beforeLoad: skipWhenLoggedIn,
  component: function LoginRoute() {
    return <LoginPage redirect={loginRoute.useSearch().redirect} />;
  },
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  beforeLoad: skipWhenLoggedIn,
  component: RegisterPage,
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: ForgotPasswordPage,
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password/$token',
  component: function ResetPasswordRoute() {
    return <ResetPasswordPage token={resetPasswordRoute.useParams().token} />;
  },
});

/** A reset link that lost its token shows 'Password reset token is missing.' instead of a 404. */
export const resetPasswordNoTokenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: function ResetPasswordNoTokenRoute() {
    return <ResetPasswordPage token="" />;
  },
});

export const publicRoutes = [
  landingRoute,
  loginRoute,
  registerRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  resetPasswordNoTokenRoute,
] as const;
