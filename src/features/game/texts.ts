/** Texts of the wizard and the playmat: the spec's word for word, then ours where it is silent. */
export const NO_PODS = 'No Pods Yet';
export const NO_PODS_DETAIL = 'Join or create a pod to start collaborating.';
export const PODS_FAILED = 'Unable to load pods.';
export const FRIENDS_FAILED = 'Unable to load your friends list.';
export const SEARCH_FAILED = 'Unable to search users right now.';
export const NO_USERS = 'No users found.';
export const NO_LIVE_GAME = "We couldn't find a live game session.";
export const LOADING_GAME = 'Loading game...';
export const LOADING_USER = 'Loading user data...';

// Ours (the spec is silent):
export const NO_FRIENDS = 'No friends yet.';
export const NO_FRIENDS_DETAIL = 'Friends you add on the Pods page show up here.';
export const SEARCH_OFFLINE = 'Searching needs a connection. Friends, pod members and guests can be added offline.';
export const NO_DRAFT = 'There is no table to seat yet.';
export const SAVED_ON_DEVICE = 'Saved on this device';
export const SYNCED = 'Synced';

export function podSizeProblem(podName: string, members: number): string {
  return `${podName} has ${members} ${members === 1 ? 'member' : 'members'}; a game needs 2 to 8 players.`;
}

// The clocks of the playmat (ours):
export const CLOCK_PAUSED = 'Paused';
export const PAUSE_CLOCK = 'Pause clock';
export const RESUME_CLOCK = 'Resume clock';
