/**
 * A chat's history as the mirror holds it: a window of its latest messages that grows as the
 * user scrolls up, and whether that window reaches the chat's first message.
 * Invariants:
 * - a chat's messages are ordered by (createdAt, id): the server's page order, and the mirror's,
 *   since an index orders equal keys by primary key;
 * - the mirror holds a chat's messages without gaps from its oldest row on (the first pull, the
 *   cursor pull and live events bring everything newer; pages only go back from the oldest row);
 * - `meta` row `history:<chat>` holds where the chat begins on the server (the position of its
 *   first message, or null when it had none), recorded when a page came back shorter than asked
 *   (src/sync/engine/history-page.ts). The window is at the beginning when it shows a row at or
 *   before that position; a full snapshot that dropped older rows therefore never shows
 *   "Beginning of the conversation" over a gap.
 */
import Dexie from 'dexie';
import type { DirectMessageRow, PodMessageRow, PodTableDB } from '../schema';

export type ChatRef = { kind: 'direct'; peerId: string } | { kind: 'pod'; podId: string };

/** A message's place in its chat's order. */
export interface ChatPosition {
  createdAt: string;
  id: string;
}

export function chatKey(chat: ChatRef): string {
  return chat.kind === 'direct' ? `dm:${chat.peerId}` : `pod:${chat.podId}`;
}

export function historyStartKey(chat: ChatRef): string {
  return `history:${chatKey(chat)}`;
}

/** Negative when `a` comes before `b` in a chat's order (ISO times of one format compare as text). */
export function comparePositions(a: ChatPosition, b: ChatPosition): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function chatRows(db: PodTableDB, chat: ChatRef) {
  return chat.kind === 'direct'
    ? db.directMessages.where('[peerId+createdAt]').between([chat.peerId, Dexie.minKey], [chat.peerId, Dexie.maxKey])
    : db.podMessages.where('[podId+createdAt]').between([chat.podId, Dexie.minKey], [chat.podId, Dexie.maxKey]);
}

/** The oldest message the mirror holds for the chat: the cursor of the next older page. */
export async function oldestChatMessage(db: PodTableDB, chat: ChatRef): Promise<ChatPosition | undefined> {
  const row = await chatRows(db, chat).first();
  return row ? { createdAt: row.createdAt, id: row.id } : undefined;
}

/** The message `id` as the mirror holds it in this chat, or undefined. */
export async function chatMessage(db: PodTableDB, chat: ChatRef, id: string): Promise<ChatPosition | undefined> {
  const row = chat.kind === 'direct' ? await db.directMessages.get(id) : await db.podMessages.get(id);
  if (!row) return undefined;
  const inChat = chat.kind === 'direct' ? (row as DirectMessageRow).peerId === chat.peerId : (row as PodMessageRow).podId === chat.podId;
  return inChat ? { createdAt: row.createdAt, id: row.id } : undefined;
}

/** A message a thread opens at (a search result): whether the mirror holds it, and how many of the chat's messages are at or after its instant. */
export interface FocusPlace {
  held: boolean;
  /** The chat's messages from the focus's instant on (the window that shows it has at least this size). */
  from: number;
}

export async function focusPlace(db: PodTableDB, chat: ChatRef, focus: ChatPosition): Promise<FocusPlace> {
  const at = await chatMessage(db, chat, focus.id);
  if (!at) return { held: false, from: 0 };
  const from =
    chat.kind === 'direct'
      ? await db.directMessages.where('[peerId+createdAt]').between([chat.peerId, at.createdAt], [chat.peerId, Dexie.maxKey]).count()
      : await db.podMessages.where('[podId+createdAt]').between([chat.podId, at.createdAt], [chat.podId, Dexie.maxKey]).count();
  return { held: true, from };
}

/** Where the chat begins on the server: undefined when not known yet, null when it had no message. */
async function historyStart(db: PodTableDB, chat: ChatRef): Promise<ChatPosition | null | undefined> {
  const value = (await db.meta.get(historyStartKey(chat)))?.value as ChatPosition | null | undefined;
  if (value === null) return null;
  return value && typeof value.createdAt === 'string' && typeof value.id === 'string' ? value : undefined;
}

export interface ChatWindow<T> {
  /** The latest `size` messages, oldest first. */
  messages: T[];
  /** The mirror holds older messages than the window shows (growing it needs no network). */
  olderHere: boolean;
  /** The window shows the chat's first message (known from the server). */
  atBeginning: boolean;
}

async function windowOf<T extends ChatPosition>(db: PodTableDB, chat: ChatRef, size: number): Promise<ChatWindow<T>> {
  const newest = (await chatRows(db, chat).reverse().limit(size + 1).toArray()) as unknown as T[];
  const olderHere = newest.length > size;
  const messages = newest.slice(0, size).reverse();
  let atBeginning = false;
  if (!olderHere) {
    const start = await historyStart(db, chat);
    const first = messages[0];
    atBeginning = start === null || (start !== undefined && (!first || comparePositions(first, start) <= 0));
  }
  return { messages, olderHere, atBeginning };
}

/** The window of the conversation with `peerId`. */
export function directMessageWindow(db: PodTableDB, peerId: string, size: number): Promise<ChatWindow<DirectMessageRow>> {
  return windowOf(db, { kind: 'direct', peerId }, size);
}

/** The window of a pod's chat. */
export function podMessageWindow(db: PodTableDB, podId: string, size: number): Promise<ChatWindow<PodMessageRow>> {
  return windowOf(db, { kind: 'pod', podId }, size);
}
