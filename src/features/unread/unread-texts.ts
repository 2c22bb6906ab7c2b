/** The unread feature's words (the spec has none: ours, see docs/decisions.md "Unread"). */

/** Above this a badge shows "99+"; screen readers still hear the exact count. */
export const UNREAD_SHOWN_MAX = 99;

/** What a screen reader hears for a badge: "1 unread", "12 unread". */
export function unreadLabel(count: number): string {
  return `${count} unread`;
}

/** What a badge shows. */
export function unreadShown(count: number): string {
  return count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(count);
}

/** The divider before the first message that was unread when a chat was opened. */
export const NEW_MESSAGES = 'New messages';
