/**
 * The unread feature's hooks, over the mirror (src/db/queries/unread.ts) and the `markRead`
 * action:
 * - useUnreadCounts: every conversation's and pod's count and the total (lists, the tab bar);
 * - useReadMarker: one thread's marker, live;
 * - useUnreadDivider: for a thread view, where the "New messages" divider goes (before the first
 *   message that was unread when the thread was opened; it stays there while the thread is read)
 *   and the reading itself: while the thread is shown in a visible page, the marker moves to the
 *   latest message the server has: at once for the first read of a while, then at most one write
 *   per MARK_READ_DELAY_MS (the newest message when it fires), and at once when the thread closes. markRead queues nothing unless the
 *   marker moves forward.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { readMarkerId, type ReadMarkerKind } from '../../contract/read-markers';
import { isUnread, readMarkerOf, senderIdOf, unreadCounts, type ReadableMessage, type UnreadCounts } from '../../db/queries/unread';
import type { ReadMarkerRow } from '../../db/schema';
import { actions, db } from '../../sync/app';
import { useMyId } from '../../ui/sync-hooks';

/** The longest a thread's marker lags behind what the thread shows. */
export const MARK_READ_DELAY_MS = 1000;

const NO_UNREAD: UnreadCounts = { dms: new Map(), pods: new Map(), total: 0 };

/** Every unread count; undefined while reading; all zero when nobody is signed in. */
export function useUnreadCounts(): UnreadCounts | undefined {
  const myId = useMyId();
  return useLiveQuery(async () => (myId ? unreadCounts(db, myId) : myId === null ? NO_UNREAD : undefined), [myId]);
}

/** The signed-in user's marker of a conversation (`dm`, the peer's id) or pod; null when none, undefined while reading. */
export function useReadMarker(kind: ReadMarkerKind, targetId: string): ReadMarkerRow | null | undefined {
  return useLiveQuery(() => readMarkerOf(db, kind, targetId), [kind, targetId]);
}

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** False while the page is hidden (another tab, the phone locked): nothing is read then. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/** A thread's message as the divider reads it (a direct message or a pod message). */
export type ThreadMessage = ReadableMessage & ({ senderId: string } | { sender: { id: string } }) & { syncState?: 'queued' | 'failed' };

interface PendingMark {
  kind: ReadMarkerKind;
  targetId: string;
  upTo: { id: string; createdAt: string };
  timer: ReturnType<typeof setTimeout>;
}

/**
 * For a thread view: the id of the message to draw the "New messages" divider before (null:
 * none), and marking the thread read while it is shown (see the file header). `messages` are the
 * thread's, oldest first, as the view renders them (undefined while loading).
 */
export function useUnreadDivider(kind: ReadMarkerKind, targetId: string, messages: readonly ThreadMessage[] | undefined, myId: string): string | null {
  const marker = useReadMarker(kind, targetId);
  const key = readMarkerId(kind, targetId);
  // The marker as it was when this thread was opened (re-taken when another thread is shown).
  const [opened, setOpened] = useState<{ key: string; marker: ReadMarkerRow | null } | null>(null);
  if (marker !== undefined && opened?.key !== key) setOpened({ key, marker });
  const frozen = opened?.key === key ? opened.marker : undefined;

  const dividerBefore = useMemo(() => {
    if (frozen === undefined || !messages) return null;
    return messages.find((message) => isUnread(message, senderIdOf(message), frozen, myId))?.id ?? null;
  }, [frozen, messages, myId]);

  const visible = usePageVisible();
  const latest = messages ? [...messages].reverse().find((message) => !message.syncState) : undefined;
  const latestId = latest?.id;
  const latestAt = latest?.createdAt;
  const pending = useRef<PendingMark | null>(null);
  const lastWrite = useRef(Number.NEGATIVE_INFINITY);

  // Nothing is read before the opening marker is taken: the divider is placed by it.
  const opening = frozen !== undefined;

  useEffect(() => {
    if (!visible || !opening || !latestId || !latestAt) return;
    const upTo = { id: latestId, createdAt: latestAt };
    const waiting = pending.current;
    // A write is already scheduled for this thread: it takes the newer message when it fires.
    if (waiting && waiting.kind === kind && waiting.targetId === targetId) {
      waiting.upTo = upTo;
      return;
    }
    flushMark(pending, lastWrite);
    // The first read of a while is written at once (the badge clears now, here and on the
    // other devices); reads coming faster than MARK_READ_DELAY_MS wait for the window's end.
    const due = lastWrite.current + MARK_READ_DELAY_MS - Date.now();
    if (due <= 0) {
      writeMark({ kind, targetId, upTo }, lastWrite);
      return;
    }
    pending.current = { kind, targetId, upTo, timer: setTimeout(() => flushMark(pending, lastWrite), due) };
  }, [visible, opening, kind, targetId, latestId, latestAt]);

  // Leaving the thread (or the page going away): what was shown is read now.
  useEffect(() => () => flushMark(pending, lastWrite), []);

  return dividerBefore;
}

function writeMark(mark: Omit<PendingMark, 'timer'>, lastWrite: { current: number }): void {
  lastWrite.current = Date.now();
  void actions.markRead(mark.kind, mark.targetId, mark.upTo).catch((error: unknown) => console.warn('The read marker was not saved.', error));
}

function flushMark(pending: { current: PendingMark | null }, lastWrite: { current: number }): void {
  const waiting = pending.current;
  if (!waiting) return;
  clearTimeout(waiting.timer);
  pending.current = null;
  writeMark(waiting, lastWrite);
}
