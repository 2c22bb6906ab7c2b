/** The /pods search parameters (where a notification's click lands), apart from the page so the route file stays small. */
export type ChatsTab = 'all' | 'messages' | 'pods' | 'friends';

export interface ChatsSearch {
  tab?: ChatsTab;
  peer?: string;
  pod?: string;
  /** A message of that chat to open at (a search result): its id and its createdAt (`at`), both or neither. */
  msg?: string;
  at?: string;
}

/** A message's createdAt as the server writes it (toISOString). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const TAB_VALUES: readonly ChatsTab[] = ['all', 'messages', 'pods', 'friends'];

export function chatsSearch(search: Record<string, unknown>): ChatsSearch {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined);
  const tab = TAB_VALUES.includes(search.tab as ChatsTab) ? (search.tab as ChatsTab) : undefined;
  const msg = text(search.msg);
  const at = typeof search.at === 'string' && ISO_INSTANT.test(search.at) ? search.at : undefined;
  return { tab, peer: text(search.peer), pod: text(search.pod), ...(msg && at ? { msg, at } : {}) };
}
