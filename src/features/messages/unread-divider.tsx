/**
 * "New messages": the line a chat draws before the first message that was unread when it was
 * opened. An item of the chat's message list (`<li>`), so screen readers reach it in reading
 * order. Where it goes, and the reading itself, come from `useUnreadDivider`
 * (src/features/unread/use-unread.ts), which a chat calls once:
 *   const dividerBefore = useUnreadDivider('dm', peerId, messages, myId);
 *   … {message.id === dividerBefore ? <UnreadDivider /> : null}<MessageBubble … />
 */
import { NEW_MESSAGES } from '../unread/unread-texts';
import '../unread/unread.css';

export { useUnreadDivider } from '../unread/use-unread';

export function UnreadDivider() {
  return (
    <li className="unread-divider">
      <span>{NEW_MESSAGES}</span>
    </li>
  );
}
