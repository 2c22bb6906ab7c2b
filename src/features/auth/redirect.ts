/**
 * The `redirect` search parameter of /login comes from the address bar, so it is untrusted:
 * only a path inside this app is followed (no scheme, no protocol-relative `//host`, no
 * backslash tricks, not the auth pages themselves). Anything else goes to the dashboard.
 */
export const AFTER_LOGIN_PATH = '/dashboard';

const AUTH_PATHS = ['/login', '/register', '/forgot-password', '/reset-password'];

function hasControlCharacter(value: string): boolean {
  for (const char of value) if (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) return true;
  return false;
}

export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return AFTER_LOGIN_PATH;
  if (value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return AFTER_LOGIN_PATH;
  const path = value.split(/[?#]/)[0] ?? '';
  if (AUTH_PATHS.some((auth) => path === auth || path.startsWith(`${auth}/`))) return AFTER_LOGIN_PATH;
  return value;
}
