/**
 * A chat's messages in order, oldest at the top, in one scrolling box (direct conversations and
 * pod chats alike; each renders its own bubbles). Above the messages, one row about older ones:
 * "Load older messages" (a button, for keyboard users; a sentinel observed at the top does the
 * same when the user scrolls near it), "Loading older messages...", "Beginning of the
 * conversation" once the server said nothing is older (remembered offline), or, offline with
 * nothing older in the mirror, "Older messages load when you're online.".
 * Scroll position: when rows arrive or grow above what the user reads, it stays exactly where it
 * was on screen (use-scroll-anchor.ts; the browser's own anchoring is off). A new last message
 * scrolls a thread read near its end to it (and one the user sent, always); further up, the
 * thread stays put and a button over its end says "Latest messages" or how many new ones came
 * (use-latest-follow.ts). A thread read to the bottom stays there when its box changes height
 * (keyboard, rotation).
 * Cost: messages far from the screen are neither laid out nor painted (message-thread.css), so a
 * page of older messages costs about what the screen shows, not the whole window.
 * Opened at a message (a search result, `thread.focus`): once the window shows it, it is scrolled
 * to the middle of the box (once per open) and rendered marked; above the box, one line says how
 * finding it goes when the window does not show it.
 * Layout (message-runs.ts): each message is given its place — the date line of its day, and
 * whether it starts or ends a run of one sender's messages. The box fills the height the chat
 * gives it (it is the flexible part between the chat's header and its docked composer).
 */
import { memo, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { threadPlaces, type ThreadPlace } from './message-runs';
import type { MessageThreadModel, ThreadFocus } from './use-message-thread';
import { useLatestFollow } from './use-latest-follow';
import { useScrollAnchor } from './use-scroll-anchor';
import { useReachSentinel } from '../../ui/use-reach-sentinel';
import './message-thread.css';

export const THREAD_BEGINNING = 'Beginning of the conversation';
export const OLDER_OFFLINE = "Older messages load when you're online.";
export const LOAD_OLDER = 'Load older messages';
export const LOADING_OLDER = 'Loading older messages...';
export const OLDER_FAILED = 'Could not load older messages.';
export const FOCUS_FINDING = 'Finding the message…';
export const FOCUS_OFFLINE = "This message is not on this device. It shows here when you're online.";
export const FOCUS_MISSING = 'This message is no longer in the chat.';
export const FOCUS_FAR = 'The message is further back.';
export const FOCUS_LOOK_FURTHER = 'Keep looking';
export const FOCUS_FAILED = 'Could not find the message.';
export const FOCUS_RETRY = 'Try again';
export const JUMP_TO_LATEST = 'Latest messages';
export const newBelow = (count: number) => (count === 1 ? '1 new message' : `${count} new messages`);

/** How far above the visible top the sentinel asks for more (px): the page is usually in before the user gets there. */
const SENTINEL_MARGIN_PX = 300;

interface MessageThreadProps<T> {
  thread: MessageThreadModel<T>;
  /** The list's accessible name ('Messages with …', 'Messages in …'). */
  label: string;
  /** Who sent a message (runs group consecutive messages by it). */
  senderOf(message: T): string;
  /** The signed-in user: their own new message always scrolls the thread to it. */
  myId: string;
  /** The message the "New messages" line goes before: a run starts there. */
  dividerBefore?: string | null;
  /** One message's item(s) of the list: its `<li>`, and whatever goes right before it (an unread divider); `found`: the message the thread opened at. */
  renderMessage(message: T, place: ThreadPlace, found: boolean): ReactNode;
  /**
   * Everything besides the message's row, its place and `found` that `renderMessage` reads for it
   * (the unread line, its unsent writes, who is signed in), as a string. Given, a message is
   * rendered again only when one of those changes: a page of older messages then renders only
   * its own, not the whole thread again. Without it every message renders with the thread.
   */
  renderKey?(message: T): string;
}

const NO_PLACE: ThreadPlace = { day: null, runStart: true, runEnd: true };

interface ItemProps<T> {
  message: T;
  place: ThreadPlace;
  found: boolean;
  renderKey: string | null;
  render(message: T, place: ThreadPlace, found: boolean): ReactNode;
}

/** The same row: the mirror hands out a new object on every read, equal field by field when nothing changed. */
function sameRow(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

function samePlace(a: ThreadPlace, b: ThreadPlace): boolean {
  return a.day === b.day && a.runStart === b.runStart && a.runEnd === b.runEnd;
}

/** One message of the list; rendered again only when what it shows changed (see `renderKey`). */
const ThreadItem = memo(
  function ThreadItem<T>({ message, place, found, render }: ItemProps<T>) {
    return <>{render(message, place, found)}</>;
  },
  (before, after) =>
    before.renderKey !== null &&
    before.renderKey === after.renderKey &&
    before.found === after.found &&
    samePlace(before.place, after.place) &&
    sameRow(before.message, after.message),
) as <T>(props: ItemProps<T>) => ReactNode;

export function MessageThread<T extends { id: string; createdAt: string }>({ thread, label, senderOf, myId, dividerBefore = null, renderMessage, renderKey }: MessageThreadProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const { messages, olderHere, atBeginning } = thread.window;
  // `senderOf` is a new function each render; who sent a message never changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const places = useMemo(() => threadPlaces(messages, senderOf, dividerBefore), [messages, dividerBefore]);

  useScrollAnchor(scrollRef, listRef);
  useStayAtBottom(scrollRef);
  const latest = useLatestFollow(scrollRef, endRef, messages, (message) => senderOf(message) === myId);
  const focusId = thread.focus?.id ?? null;
  const focusShown = focusId !== null && messages.some((message) => message.id === focusId);
  useScrollToFocus(listRef, focusShown ? focusId : null);
  // A new observer reports at once whether the sentinel is in view: one is made whenever what
  // reaching the top would do changes, so a sentinel still in view after a page asks again.
  useReachSentinel(topRef, () => thread.reachTop(true), `${messages[0]?.id}|${messages[0]?.createdAt}|${thread.older}|${olderHere}|${atBeginning}|${thread.local}`, { root: scrollRef, edge: 'top', marginPx: SENTINEL_MARGIN_PX });

  return (
    <>
      {thread.focus && !focusShown ? <FocusStatus focus={thread.focus} /> : null}
      <div ref={scrollRef} className="message-thread">
        <div ref={topRef} className="thread-top">
          <ThreadTop thread={thread} />
        </div>
        <ol ref={listRef} className="message-list" aria-label={label}>
          {messages.map((message) => (
            <ThreadItem
              key={message.id}
              message={message}
              place={places.get(message.id) ?? NO_PLACE}
              found={message.id === focusId}
              renderKey={renderKey ? renderKey(message) : null}
              render={renderMessage}
            />
          ))}
          <li ref={endRef} aria-hidden="true" className="message-end" />
        </ol>
        <div className="thread-latest">{latest.away ? <JumpToLatest unseen={latest.unseen} onJump={latest.jump} /> : null}</div>
      </div>
    </>
  );
}

/** Over the end of the thread while the user reads further up: back to the newest message, saying how many arrived. */
function JumpToLatest({ unseen, onJump }: { unseen: number; onJump(): void }) {
  return (
    <button type="button" className="button thread-latest-button" onClick={onJump}>
      <span aria-hidden="true">↓ </span>
      {unseen > 0 ? newBelow(unseen) : JUMP_TO_LATEST}
    </button>
  );
}

/** How finding the message the thread opened at goes, while the window does not show it. */
function FocusStatus({ focus }: { focus: ThreadFocus }) {
  const text = { shown: null, finding: FOCUS_FINDING, offline: FOCUS_OFFLINE, missing: FOCUS_MISSING, far: FOCUS_FAR, failed: FOCUS_FAILED }[focus.state];
  if (!text) return null;
  return (
    <p role="status" className={focus.state === 'failed' ? 'thread-focus-status alert alert--error' : 'thread-focus-status muted'}>
      {text}
      {focus.state === 'far' || focus.state === 'failed' ? (
        <>
          {' '}
          <button type="button" className="button button--secondary button--small" onClick={focus.findMore}>
            {focus.state === 'far' ? FOCUS_LOOK_FURTHER : FOCUS_RETRY}
          </button>
        </>
      ) : null}
    </p>
  );
}

/**
 * Scrolls the message the thread opened at to the middle of the box, once per message: after the
 * effects that keep the first message in place and follow the last one, so it wins over both.
 */
function useScrollToFocus(listRef: RefObject<HTMLOListElement | null>, id: string | null): void {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (id === null || done.current === id) return;
    const item = [...(listRef.current?.querySelectorAll('[data-message-id]') ?? [])].find((node) => node.getAttribute('data-message-id') === id);
    if (!item) return;
    done.current = id;
    item.scrollIntoView?.({ block: 'center' });
  }, [listRef, id]);
}

function ThreadTop<T>({ thread }: { thread: MessageThreadModel<T> }) {
  const { olderHere, atBeginning } = thread.window;
  const beginning = !olderHere && (atBeginning || thread.local === true);
  // The button held focus when the beginning replaced it: focus moves to the text, not to the page.
  // Set and cleared by the button's focus and blur only (the button may take focus before this
  // effect first runs), and spent when the beginning shows.
  const focusBeginning = useRef(false);
  const beginningRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!beginning) return;
    if (focusBeginning.current) beginningRef.current?.focus();
    focusBeginning.current = false;
  }, [beginning]);

  if (beginning) {
    return (
      <p ref={beginningRef} tabIndex={-1} className="thread-top-text muted">
        {THREAD_BEGINNING}
      </p>
    );
  }
  if (!olderHere && thread.older === 'offline') return <p className="thread-top-text muted">{OLDER_OFFLINE}</p>;
  const loading = !olderHere && thread.older === 'loading';
  return (
    <>
      {!olderHere && thread.older === 'failed' ? (
        <p role="status" className="thread-top-text">
          {OLDER_FAILED}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary thread-top-button"
        aria-disabled={loading || undefined}
        onFocus={() => (focusBeginning.current = true)}
        onBlur={() => (focusBeginning.current = false)}
        onClick={() => {
          if (!loading) thread.reachTop(false);
        }}
      >
        {LOAD_OLDER}
      </button>
      {loading ? (
        <p role="status" className="thread-top-text muted">
          {LOADING_OLDER}
        </p>
      ) : null}
    </>
  );
}

/** Within this many px of the end, the thread counts as read to the bottom. */
const AT_BOTTOM_PX = 24;

/**
 * A thread read to its last message stays there when its box changes height (the on-screen
 * keyboard opening, the phone turned, the composer growing): as chat apps do, the newest
 * message stays in view. Scrolled up, the thread is left where the user put it.
 */
function useStayAtBottom(scrollRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    let atBottom = true;
    const onScroll = () => {
      atBottom = box.scrollHeight - box.scrollTop - box.clientHeight <= AT_BOTTOM_PX;
    };
    let height = box.clientHeight;
    const observer = new ResizeObserver(() => {
      if (box.clientHeight === height) return;
      height = box.clientHeight;
      if (atBottom) box.scrollTop = box.scrollHeight;
    });
    box.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(box);
    return () => {
      box.removeEventListener('scroll', onScroll);
      observer.disconnect();
    };
  }, [scrollRef]);
}
