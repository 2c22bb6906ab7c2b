/**
 * How many of each stored thing one account may keep (ours: the spec is silent). Far above what
 * a person gathers; they bound what one account can make the server store. A write beyond a cap
 * is refused with 409 and the text below, over REST and in a sync push alike.
 */
export const DECKS_PER_USER = 200;
/** Pods one account is a member of (created or joined). */
export const PODS_PER_USER = 100;
/** Pod invitations one account has sent that wait for an answer. */
export const POD_INVITATIONS_PENDING_PER_USER = 200;
/** Friend requests one account has sent that wait for an answer. */
export const FRIEND_REQUESTS_PENDING_PER_USER = 100;
/** Accounts one account blocks. */
export const BLOCKS_PER_USER = 1000;

export const CapText = {
  decks: `You have ${DECKS_PER_USER} decks, the most one account can keep. Delete a deck to add another.`,
  pods: `You are in ${PODS_PER_USER} pods, the most one account can be in. Leave a pod to join or create another.`,
  podInvitations: `You have ${POD_INVITATIONS_PENDING_PER_USER} pod invitations waiting for an answer, the most one account can have. Wait for some to be answered.`,
  friendRequests: `You have ${FRIEND_REQUESTS_PENDING_PER_USER} friend requests waiting for an answer, the most one account can have. Wait for some to be answered.`,
  blocks: `You have blocked ${BLOCKS_PER_USER} accounts, the most one account can block.`,
} as const;
