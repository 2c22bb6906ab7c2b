/** /profile?tab=…: which tab opens first (the dashboard's 'All stats' opens Stats). */
export const PROFILE_TABS = ['profile', 'stats', 'decks', 'settings'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export interface ProfileSearch {
  tab?: ProfileTab;
}

export function profileSearch(search: Record<string, unknown>): ProfileSearch {
  const tab = PROFILE_TABS.find((name) => name === search.tab);
  return tab && tab !== 'profile' ? { tab } : {};
}
