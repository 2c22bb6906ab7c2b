/**
 * Where a notification's click lands, and the service worker's message to the page that says
 * so. No schemas here: the boot code listens for these clicks and must stay small.
 */
/** Where a notification's click lands: the chats page with the right tab and chat open. */
export const notificationLinks = {
  directMessage: (peerId: string) => `/pods?tab=messages&peer=${encodeURIComponent(peerId)}`,
  pod: (podId: string) => `/pods?tab=pods&pod=${encodeURIComponent(podId)}`,
  friendRequests: '/pods?tab=friends',
  /** Pod and game invitations are listed on All Chats. */
  invitations: '/pods?tab=all',
} as const;

/** Service worker → page: "a notification was clicked; show this in-app path". */
export const OPEN_URL_MESSAGE = 'PODTABLE_OPEN_URL';
export interface OpenUrlMessage {
  type: typeof OPEN_URL_MESSAGE;
  url: string;
}
