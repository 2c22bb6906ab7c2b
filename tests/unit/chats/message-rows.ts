/** Direct-message rows with bo (app-mock.ts) for the chat screens' tests. */
import type { DirectMessageRow } from '../../../src/db/schema';
import { bo, me } from './app-mock';

function withBo(id: string, fromMe: boolean, content: string, createdAt: string): DirectMessageRow {
  return { id, clientId: id, senderId: fromMe ? me.id : bo.id, receiverId: fromMe ? bo.id : me.id, content, createdAt, sender: fromMe ? me : bo, peerId: bo.id };
}

/** Message `id` ('text <id>') at minute `minute` past 10:00 on 2026-01-01, mine or bo's. */
export function dmAt(id: string, minute: number, fromMe: boolean, patch: Partial<DirectMessageRow> = {}): DirectMessageRow {
  return { ...withBo(id, fromMe, `text ${id}`, `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`), ...patch };
}

/** Message n ('text <n>') of a long conversation: one a second from 10:00 on 2026-01-01, the even ones mine. */
export function numberedDm(n: number): DirectMessageRow {
  return withBo(`m${String(n).padStart(4, '0')}`, n % 2 === 0, `text ${n}`, new Date(Date.UTC(2026, 0, 1, 10) + n * 1000).toISOString());
}

/** Messages from..to-1 of the long conversation. */
export const numberedDms = (from: number, to: number): DirectMessageRow[] => Array.from({ length: to - from }, (_, i) => numberedDm(from + i));
