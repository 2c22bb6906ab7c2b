/**
 * Older messages on demand (src/sync/actions/older-messages.ts, src/sync/engine/history-page.ts):
 * the page asked before the mirror's oldest message (createdAt and id), applied without
 * clobbering a pending edit or a newer copy, the beginning remembered per chat (and not trusted
 * over a gap a snapshot left), one request at a time per chat, and no answer reported 'offline'.
 */
import { describe, expect, it } from 'vitest';
import type { DirectMessage, PodMessage, Pod } from '../../../src/contract/social';
import { MESSAGES_PAGE_MAX, OLDER_MESSAGES_PAGE } from '../../../src/contract/social';
import { directMessageWindow, podMessageWindow } from '../../../src/db/queries';
import { createOlderMessages, FIND_MAX_PAGES } from '../../../src/sync/actions/older-messages';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { applyHistoryPage } from '../../../src/sync/engine/history-page';
import { mutate } from '../../../src/sync/engine/mutate';
import { fail, freshDb, offline, scriptedApi, type RecordedCall } from './helpers';

const me = { id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null };
const bo = { id: 'u2', username: 'bo', displayName: null, avatarUrl: null };
const chat = { kind: 'direct', peerId: bo.id } as const;

/** Message n of the conversation; every three share one instant, so pages split ties. */
function dm(n: number, patch: Partial<DirectMessage> = {}): DirectMessage {
  const second = String(Math.floor(n / 3)).padStart(2, '0');
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const mine = n % 2 === 0;
  return { id, clientId: id, senderId: mine ? me.id : bo.id, receiverId: mine ? bo.id : me.id, content: `m${n}`, createdAt: `2026-01-01T10:00:${second}.000Z`, sender: mine ? me : bo, ...patch };
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => dm(from + i));

/** A server holding `all` messages (oldest first) that answers pages like the real route: before (createdAt, id), latest `limit`, oldest first. */
function serverWith(all: DirectMessage[]) {
  return (call: RecordedCall) => {
    const url = new URL(call.path, 'http://x');
    const limit = Number(url.searchParams.get('limit'));
    const before = url.searchParams.get('before');
    const beforeId = url.searchParams.get('beforeId') ?? '';
    const older = all.filter((m) => !before || m.createdAt < before || (m.createdAt === before && m.id < beforeId));
    return older.slice(Math.max(0, older.length - limit));
  };
}

const contents = async (db: Awaited<ReturnType<typeof freshDb>>, size = 1000) => (await directMessageWindow(db, bo.id, size)).messages.map((m) => m.content);

describe('older messages: one page before the oldest the mirror holds', () => {
  it('asks before the oldest message by createdAt and id, adds the page, and walks back to the beginning with nothing skipped or repeated', async () => {
    const db = await freshDb(me.id);
    const all = range(0, 120);
    await applyServerData(db, { puts: { directMessages: all.slice(70) } });
    const api = scriptedApi(serverWith(all));
    const older = createOlderMessages(db, api);

    expect(await older.load(chat)).toBe('more');
    const oldest = all[70]!;
    expect(api.calls[0]!.path).toBe(`/api/direct-messages/${bo.id}?limit=${OLDER_MESSAGES_PAGE}&before=${encodeURIComponent(oldest.createdAt)}&beforeId=${oldest.id}`);
    expect(await contents(db)).toEqual(all.slice(20).map((m) => m.content));
    expect((await directMessageWindow(db, bo.id, 1000)).atBeginning).toBe(false);

    expect(await older.load(chat)).toBe('beginning');
    expect(await contents(db)).toEqual(all.map((m) => m.content));
    expect(await directMessageWindow(db, bo.id, 1000)).toMatchObject({ atBeginning: true, olderHere: false });
    // A window smaller than the mirror is not at the beginning: it can grow without the network.
    expect(await directMessageWindow(db, bo.id, 100)).toMatchObject({ atBeginning: false, olderHere: true });
    expect((await directMessageWindow(db, bo.id, 100)).messages.map((m) => m.content)).toEqual(all.slice(20).map((m) => m.content));
    // The conversation's last message is still from the newest instant, not from a page.
    expect((await db.conversations.get(bo.id))?.lastMessage?.createdAt).toBe(all[119]!.createdAt);
  });

  it('a page never clobbers a pending edit, nor a newer copy the mirror holds', async () => {
    const db = await freshDb(me.id);
    const all = range(0, 10);
    await applyServerData(db, { puts: { directMessages: all.slice(4) } });
    const edit = await mutate(db, 'dm.edit', { id: all[4]!.id, content: 'fixed typo' });
    await applyServerData(db, { puts: { directMessages: [{ ...all[5]!, content: 'edited on the laptop', editedAt: '2026-01-01T11:00:00.000Z' }] } });

    // A page that raced those edits: older copies of the held rows, and two rows the mirror lacks.
    const page = [all[2]!, all[3]!, all[4]!, all[5]!];
    expect(await applyHistoryPage(db, { chat, rows: page, limit: 4, cursor: null, onlyNew: true })).toBe('more');
    expect(await db.directMessages.get(all[4]!.id)).toMatchObject({ content: 'fixed typo', syncState: 'queued' });
    expect(await db.directMessages.get(all[5]!.id)).toMatchObject({ content: 'edited on the laptop' });
    expect(await contents(db)).toEqual(['m2', 'm3', 'fixed typo', 'edited on the laptop', 'm6', 'm7', 'm8', 'm9']);

    // Applied like a pull (the latest page when a conversation opens): the pending edit still shows on top of the server copy.
    await applyHistoryPage(db, { chat, rows: [all[4]!], limit: 1, cursor: null, onlyNew: false });
    expect(await db.directMessages.get(all[4]!.id)).toMatchObject({ content: 'fixed typo', syncState: 'queued' });
    expect((await db.bases.get(`directMessages:${all[4]!.id}`))?.row).toMatchObject({ content: 'm4' });
    expect(await db.outbox.get({ id: edit.id })).toMatchObject({ status: 'queued' });
  });

  it('one request per chat at a time: a second call while the first runs shares it', async () => {
    const db = await freshDb(me.id);
    const all = range(0, 80);
    await applyServerData(db, { puts: { directMessages: all.slice(60) } });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = serverWith(all);
    const api = scriptedApi(async (call) => {
      await gate;
      return answer(call);
    });
    const older = createOlderMessages(db, api);
    const first = older.load(chat);
    const second = older.load({ kind: 'direct', peerId: bo.id });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.calls).toHaveLength(1);
    release();
    expect(await Promise.all([first, second])).toEqual(['more', 'more']);
    expect(api.calls).toHaveLength(1);
    // Once it is over, the next call asks again (from the new oldest message).
    expect(await older.load(chat)).toBe('beginning');
    expect(api.calls).toHaveLength(2);
    expect(api.calls[1]!.path).toContain(`beforeId=${all[10]!.id}`);
  });

  it("reports 'offline' without an answer and 'failed' on a refusal, changing nothing", async () => {
    const db = await freshDb(me.id);
    await applyServerData(db, { puts: { directMessages: range(5, 8) } });
    expect(await createOlderMessages(db, scriptedApi(offline)).load(chat)).toBe('offline');
    expect(await createOlderMessages(db, scriptedApi(() => fail(500))).load(chat)).toBe('failed');
    expect(await contents(db)).toEqual(['m5', 'm6', 'm7']);
    expect(await db.meta.get(`history:dm:${bo.id}`)).toBeUndefined();
    expect((await directMessageWindow(db, bo.id, 100)).atBeginning).toBe(false);
  });

  it('the beginning is remembered per chat, and not shown over a gap a full snapshot left', async () => {
    const db = await freshDb(me.id);
    const all = range(0, 6);
    await applyServerData(db, { puts: { directMessages: all.slice(3) } });
    expect(await createOlderMessages(db, scriptedApi(serverWith(all))).load(chat)).toBe('beginning');
    expect((await directMessageWindow(db, bo.id, 100)).atBeginning).toBe(true);
    // A snapshot (a reset cursor) keeps only the latest messages: the start is known, but the mirror no longer reaches it.
    await applyServerData(db, { reset: true, puts: { directMessages: all.slice(4) }, cursor: { from: null, to: 1 } });
    expect(await directMessageWindow(db, bo.id, 100)).toMatchObject({ atBeginning: false, olderHere: false });
    expect(await createOlderMessages(db, scriptedApi(serverWith(all))).load(chat)).toBe('beginning');
    expect(await directMessageWindow(db, bo.id, 100)).toMatchObject({ atBeginning: true });
    expect(await contents(db)).toEqual(all.map((m) => m.content));
  });

  it('a pod page lands only while the pod is in the mirror', async () => {
    const db = await freshDb(me.id);
    const pod: Pod = { id: 'p1', name: 'Friday', ownerId: me.id, createdById: me.id, members: [me], createdAt: '2026-01-01T00:00:00.000Z', rev: 1 };
    const message = (n: number): PodMessage => ({ id: `pm${n}`, clientId: null, podId: 'p1', content: `p${n}`, createdAt: `2026-01-01T10:00:0${n}.000Z`, sender: { id: me.id, username: me.username, displayName: null } });
    const podChat = { kind: 'pod', podId: 'p1' } as const;
    expect(await applyHistoryPage(db, { chat: podChat, rows: [message(1)], limit: 50, cursor: null, onlyNew: true })).toBe('stale');
    expect(await db.podMessages.count()).toBe(0);
    expect(await db.meta.get('history:pod:p1')).toBeUndefined();
    await applyServerData(db, { puts: { pods: [pod], podMessages: [message(3)] } });
    const api = scriptedApi(() => [message(1), message(2)]);
    expect(await createOlderMessages(db, api).load(podChat)).toBe('beginning');
    expect(api.calls[0]!.path).toBe(`/api/pods/p1/messages?limit=${OLDER_MESSAGES_PAGE}&before=${encodeURIComponent('2026-01-01T10:00:03.000Z')}&beforeId=pm3`);
    expect(await podMessageWindow(db, 'p1', 100)).toMatchObject({ atBeginning: true, messages: [{ content: 'p1' }, { content: 'p2' }, { content: 'p3' }] });
  });
});

describe('finding a message (a search result the thread opens at)', () => {
  const at = (m: DirectMessage) => ({ id: m.id, createdAt: m.createdAt });
  // Longer chats than `dm` times: every three still share one instant.
  const long = (from: number, to: number) => range(from, to).map((m, i) => ({ ...m, createdAt: new Date(Date.UTC(2026, 0, 1, 10) + Math.floor((from + i) / 3) * 1000).toISOString() }));

  it('walks back in pages of MESSAGES_PAGE_MAX from the oldest held message until it holds the message, leaving no gap', async () => {
    const db = await freshDb(me.id);
    const all = long(0, 700);
    await applyServerData(db, { puts: { directMessages: all.slice(650) } });
    const api = scriptedApi(serverWith(all));
    expect(await createOlderMessages(db, api).find(chat, at(all[230]!))).toBe('held');
    expect(api.calls.map((call) => new URL(call.path, 'http://x').searchParams.get('limit'))).toEqual([String(MESSAGES_PAGE_MAX), String(MESSAGES_PAGE_MAX), String(MESSAGES_PAGE_MAX)]);
    expect(api.calls[0]!.path).toContain(`beforeId=${all[650]!.id}`);
    expect(api.calls[1]!.path).toContain(`beforeId=${all[450]!.id}`);
    expect(api.calls[2]!.path).toContain(`beforeId=${all[250]!.id}`);
    // Everything from the page that held it to the newest: the thread scrolls from it to the newest without the network.
    expect(await contents(db)).toEqual(all.slice(50).map((m) => m.content));
  });

  it('asks nothing when the mirror holds it', async () => {
    const db = await freshDb(me.id);
    const all = long(0, 20);
    await applyServerData(db, { puts: { directMessages: all } });
    const api = scriptedApi(serverWith(all));
    expect(await createOlderMessages(db, api).find(chat, at(all[3]!))).toBe('held');
    expect(api.calls).toHaveLength(0);
  });

  it("'missing' when the chat reaches its beginning, or back past the message's place, without it", async () => {
    const db = await freshDb(me.id);
    const all = long(0, 300);
    const gone = all[100]!;
    const server = all.filter((m) => m !== gone);
    await applyServerData(db, { puts: { directMessages: server.slice(250) } });
    const api = scriptedApi(serverWith(server));
    expect(await createOlderMessages(db, api).find(chat, at(gone))).toBe('missing');
    expect(api.calls).toHaveLength(1);
    const stranger = { ...dm(9999), createdAt: '2020-01-01T00:00:00.000Z' };
    expect(await createOlderMessages(db, api).find(chat, at(stranger))).toBe('missing');
    expect((await directMessageWindow(db, bo.id, 1000)).atBeginning).toBe(true);
  });

  it("stops after FIND_MAX_PAGES pages ('far') and goes on from there when asked again", async () => {
    const db = await freshDb(me.id);
    const total = (FIND_MAX_PAGES + 2) * MESSAGES_PAGE_MAX;
    const all = long(0, total);
    await applyServerData(db, { puts: { directMessages: all.slice(total - 10) } });
    const api = scriptedApi(serverWith(all));
    const older = createOlderMessages(db, api);
    expect(await older.find(chat, at(all[0]!))).toBe('far');
    expect(api.calls).toHaveLength(FIND_MAX_PAGES);
    expect(await older.find(chat, at(all[0]!))).toBe('held');
    expect(api.calls).toHaveLength(FIND_MAX_PAGES + 2);
    expect(await db.directMessages.count()).toBe(total);
  });

  it("'offline' with no answer, 'failed' on a refusal", async () => {
    const db = await freshDb(me.id);
    const all = long(0, 300);
    await applyServerData(db, { puts: { directMessages: all.slice(250) } });
    expect(await createOlderMessages(db, scriptedApi(offline)).find(chat, at(all[3]!))).toBe('offline');
    expect(await createOlderMessages(db, scriptedApi(() => fail(404))).find(chat, at(all[3]!))).toBe('failed');
    expect(await db.directMessages.count()).toBe(50);
  });
});

describe("a paged first pull's rest still owed", () => {
  /** A device that applied a first pull's head: the chat's latest 3 messages, the rest owed. */
  async function afterHead(all: DirectMessage[]) {
    const db = await freshDb(me.id);
    await applyServerData(db, { puts: { directMessages: all.slice(-3) }, reset: true, restOwed: true, cursor: { from: null, to: 7 } });
    return db;
  }

  it('a page waits for the rest and asks the server nothing when the rest brings the latest messages', async () => {
    const all = range(0, 120);
    const db = await afterHead(all);
    const api = scriptedApi(serverWith(all));
    let rests = 0;
    const pullRest = async () => {
      rests += 1;
      await applyServerData(db, { puts: { directMessages: all.slice(70) }, restOwed: false, cursor: { from: 7, to: 7 } });
    };
    const older = createOlderMessages(db, api, { pullRest });

    expect(await older.load(chat)).toBe('more');
    expect(rests).toBe(1);
    expect(api.calls).toHaveLength(0);
    expect(await contents(db)).toEqual(all.slice(70).map((m) => m.content));

    // Owed nothing any more: the next page is asked before the oldest message the rest brought.
    expect(await older.load(chat)).toBe('more');
    expect(rests).toBe(1);
    expect(api.calls[0]!.path).toContain(`beforeId=${all[70]!.id}`);
  });

  it('a rest that cannot be had leaves the page to be asked as before', async () => {
    const all = range(0, 120);
    const db = await afterHead(all);
    const api = scriptedApi(serverWith(all));
    const older = createOlderMessages(db, api, { pullRest: () => Promise.reject(new Error('no answer')) });

    expect(await older.load(chat)).toBe('more');
    expect(api.calls).toHaveLength(1);
    expect(await contents(db)).toEqual(all.slice(117 - OLDER_MESSAGES_PAGE).map((m) => m.content));
  });
});
