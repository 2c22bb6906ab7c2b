/**
 * A count of unread messages: a small pill for the eye ("3", "99+") and the exact words for a
 * screen reader ("3 unread"), so a row or tab that holds it is named with its count. Nothing
 * at 0.
 */
import { unreadLabel, unreadShown } from './unread-texts';
import './unread.css';

export function UnreadBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span className={className ? `unread-badge ${className}` : 'unread-badge'}>
      <span aria-hidden="true">{unreadShown(count)}</span>
      <span className="visually-hidden">{unreadLabel(count)}</span>
    </span>
  );
}
