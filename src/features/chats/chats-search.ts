/** The /pods search parameters (where a notification's click lands), apart from the page so the route file stays small. */
export type ChatsTab = 'all' | 'messages' | 'pods' | 'friends';

export interface ChatsSearch {
  tab?: ChatsTab;
  peer?: string;
  pod?: string;
}

const TAB_VALUES: readonly ChatsTab[] = ['all', 'messages', 'pods', 'friends'];

export function chatsSearch(search: Record<string, unknown>): ChatsSearch {
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined);
  const tab = TAB_VALUES.includes(search.tab as ChatsTab) ? (search.tab as ChatsTab) : undefined;
  return { tab, peer: text(search.peer), pod: text(search.pod) };
}
