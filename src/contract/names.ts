/** How a person is named on screen: display name, else username (as the spec's screens and User entity say). */
export interface NamedUser {
  username: string;
  displayName?: string | null;
}

export function nameOf(user: NamedUser | null | undefined, fallback = 'Unknown user'): string {
  return user?.displayName?.trim() || user?.username?.trim() || fallback;
}

/** Case-insensitive, accent-insensitive order by name; ties broken by a stable key. */
export function compareNames(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: 'base' });
}
