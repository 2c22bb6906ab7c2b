/**
 * Route guards. They read the token synchronously from localStorage (via the session store),
 * so they decide before any network or IndexedDB access and work offline.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { AFTER_LOGIN_PATH } from '../features/auth/redirect';
import { isLoggedInNow } from '../stores/session';

export interface LoginSearch {
  redirect?: string;
}

/** Explicit return type: TanStack Router infers the search type from it, and without it every `<Link to="/login">` fails to typecheck. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return typeof search.redirect === 'string' && search.redirect ? { redirect: search.redirect } : {};
}

export function requireLogin({ location }: { location: ParsedLocation }): void {
  if (!isLoggedInNow()) throw redirect({ to: '/login', search: { redirect: location.href } });
}

/** The login and sign-up pages make no sense while logged in. */
export function skipWhenLoggedIn(): void {
  if (isLoggedInNow()) throw redirect({ to: AFTER_LOGIN_PATH });
}
