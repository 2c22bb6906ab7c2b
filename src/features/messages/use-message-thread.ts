/**
 * The state of a chat thread: a window of the latest messages the mirror holds (it starts at
 * THREAD_WINDOW_START and grows by THREAD_WINDOW_STEP each time the user reaches the top, so a
 * long history renders only as far as it was scrolled), and the loading of older pages from the
 * server when the window already shows everything the mirror has. One page request at a time
 * per chat (here, and in the sync action). After no answer ('offline') nothing is asked again
 * until the network or the live socket comes back.
 * Opened at a message (`focus`, a search result): the window reaches from the newest message
 * back to it and FOCUS_CONTEXT more, so the user scrolls up and down from it as usual. When the
 * mirror does not hold it, older pages come until it does (actions.findMessage, once per open;
 * again when the network or the socket comes back after no answer, or when the user asks after
 * 'far'). Offline nothing is asked and the thread says the message is not on this device.
 * Known limit: the window counts from the newest message, so a new message moves it down by one
 * (the thread scrolls to the new message anyway).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { OLDER_MESSAGES_PAGE } from '../../contract/social';
import { chatKey, focusPlace, type ChatPosition, type ChatRef, type ChatWindow } from '../../db/queries';
import { actions, db } from '../../sync/app';
import { useLiveStatus } from '../../ui/sync-hooks';

/** Messages a thread renders when it opens. */
export const THREAD_WINDOW_START = 100;
/** Messages added to the window each time the user reaches the top (one server page). */
export const THREAD_WINDOW_STEP = OLDER_MESSAGES_PAGE;

/** 'offline': the last page got no answer; 'failed': the server refused or broke. */
export type OlderState = 'idle' | 'loading' | 'offline' | 'failed';

/** Messages shown above the one a thread opens at. */
export const FOCUS_CONTEXT = 10;

/**
 * The message a thread opens at: 'shown' (in the window), 'finding' (older pages on the way),
 * 'offline' (not on this device, no network), 'missing' (not in the chat any more), 'far' (not
 * reached yet: the user may look further), 'failed' (the server refused or broke).
 */
export type FocusState = 'shown' | 'finding' | 'offline' | 'missing' | 'far' | 'failed';

export interface ThreadFocus {
  id: string;
  state: FocusState;
  /** Look further back after 'far' (or again after 'failed'). */
  findMore(): void;
}

export interface MessageThreadModel<T> {
  window: ChatWindow<T>;
  older: OlderState;
  /** The chat exists only on this device (a pod created offline): nothing older to ask for. Undefined while not known: nothing is asked either. */
  local: boolean | undefined;
  /**
   * The user reached the top (the sentinel came into view, or "Load older messages"): grow the
   * window, or ask the server for the previous page. `auto` (the sentinel) never asks twice from
   * the same oldest message, so a page that brings nothing new cannot loop.
   */
  reachTop(auto: boolean): void;
  /** The message the thread opened at, if any. */
  focus?: ThreadFocus;
}

interface Keyed<T> {
  key: string;
  value: T;
}

export function useMessageThread<T extends ChatPosition>(
  chat: ChatRef,
  read: (size: number) => Promise<ChatWindow<T>>,
  local: boolean | undefined = false,
  focus?: ChatPosition,
): { messages: T[] | undefined; thread: MessageThreadModel<T> | undefined } {
  const key = chatKey(chat);
  const [sized, setSized] = useState<Keyed<number>>({ key, value: THREAD_WINDOW_START });
  const focusKey = focus ? `${key}|${focus.id}` : '';
  // `chat` and `focus` are described by `focusKey`.
  const place = useLiveQuery(() => (focus ? focusPlace(db, chat, focus) : null), [focusKey]);
  const focusSize = place?.held ? place.from + FOCUS_CONTEXT : 0;
  const size = Math.max(sized.key === key ? sized.value : THREAD_WINDOW_START, focusSize);
  const [olderState, setOlderState] = useState<Keyed<OlderState>>({ key, value: 'idle' });
  const older = olderState.key === key ? olderState.value : 'idle';
  const [askedFrom, setAskedFrom] = useState<Keyed<string | null>>({ key, value: null });
  // `read` is a new function each render; the key and the size decide what it reads.
  const shown = useLiveQuery(() => read(size), [key, size]);

  // Offline until the network or the socket says otherwise.
  const liveStatus = useLiveStatus();
  // The search for the focused message: null until asked (again after no answer, once back online).
  const [finding, setFinding] = useState<Keyed<FocusState | null>>({ key: focusKey, value: null });
  const found = finding.key === focusKey ? finding.value : null;
  useEffect(() => {
    if (liveStatus === 'open') {
      setOlderState((state) => (state.value === 'offline' ? { key: state.key, value: 'idle' } : state));
      setFinding((state) => (state.value === 'offline' ? { key: state.key, value: null } : state));
    }
  }, [liveStatus]);
  useEffect(() => {
    const back = () => {
      setOlderState((state) => (state.value === 'offline' ? { key: state.key, value: 'idle' } : state));
      setFinding((state) => (state.value === 'offline' ? { key: state.key, value: null } : state));
    };
    globalThis.addEventListener?.('online', back);
    return () => globalThis.removeEventListener?.('online', back);
  }, []);

  const findMessage = useCallback(() => {
    if (!focus) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setFinding({ key: focusKey, value: 'offline' });
      return;
    }
    setFinding({ key: focusKey, value: 'finding' });
    void actions.findMessage(chat, focus).then((outcome) => {
      const value: FocusState = outcome === 'held' ? 'shown' : outcome === 'stale' ? 'failed' : outcome;
      setFinding((state) => (state.key === focusKey ? { key: focusKey, value } : state));
    });
    // `chat` and `focus` are described by `focusKey`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  // Asked once the mirror was read and does not hold it, and only for a chat that exists on the server.
  useEffect(() => {
    if (place && !place.held && found === null && local === false) findMessage();
  }, [place, found, local, findMessage]);

  // Where the window starts: the first message's id and time. A message sent from this device
  // gets the server's time once it is sent, so a beginning found before that sits earlier than
  // the message, and the sentinel may ask once more from the message's real place.
  const first = shown?.messages[0];
  const firstPlace = first ? `${first.id}|${first.createdAt}` : null;
  const reachTop = useCallback(
    (auto: boolean) => {
      if (!shown) return;
      if (shown.olderHere) {
        setSized({ key, value: size + THREAD_WINDOW_STEP });
        return;
      }
      if (shown.atBeginning || local !== false || older === 'loading') return;
      if (auto && (older !== 'idle' || (askedFrom.key === key && askedFrom.value === firstPlace))) return;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setOlderState({ key, value: 'offline' });
        return;
      }
      setAskedFrom({ key, value: firstPlace });
      setOlderState({ key, value: 'loading' });
      setSized({ key, value: size + THREAD_WINDOW_STEP });
      void actions.loadOlderMessages(chat).then((outcome) => {
        const value: OlderState = outcome === 'offline' ? 'offline' : outcome === 'failed' ? 'failed' : 'idle';
        setOlderState((state) => (state.key === key ? { key, value } : state));
      });
    },
    // `chat` is described by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, key, size, local, older, askedFrom, firstPlace],
  );

  let threadFocus: ThreadFocus | undefined;
  if (focus && place) {
    const state: FocusState = place.held ? 'shown' : found === null || found === 'shown' ? (local === true ? 'missing' : 'finding') : found;
    threadFocus = { id: focus.id, state, findMore: findMessage };
  }
  return { messages: shown?.messages, thread: shown ? { window: shown, older, local, reachTop, focus: threadFocus } : undefined };
}
