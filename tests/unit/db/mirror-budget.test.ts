/**
 * The mirror budget (src/db/mirror-budget.ts): past the budget, the oldest messages of the least
 * recently used chats leave, never a chat's newest page, never a message a pending write touches
 * (nor anything newer in its chat), never the chat in use; evicted history loads again through
 * the older-messages path and the thread reaches "the beginning" again with nothing skipped.
 */
import { describe, expect, it } from 'vitest';
import type { DirectMessage } from '../../../src/contract/social';
import { directMessageWindow } from '../../../src/db/queries';
import { enforceMirrorBudget, KEEP_NEWEST, planEviction, touchChat, type ChatHolding } from '../../../src/db/mirror-budget';
import { createOlderMessages } from '../../../src/sync/actions/older-messages';
import { applyServerData } from '../../../src/sync/engine/apply-server';
import { mutate } from '../../../src/sync/engine/mutate';
import { freshDb, scriptedApi, type RecordedCall } from '../sync/helpers';

const me = { id: 'u1', username: 'user-u1', displayName: null, avatarUrl: null };
const peer = (n: number) => ({ id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`, username: `peer${n}`, displayName: null, avatarUrl: null });
const START = Date.parse('2026-01-01T10:00:00.000Z');

/** Message n with peer p: a second apart, so (createdAt, id) orders them by n. */
function dm(p: number, n: number): DirectMessage {
  const other = peer(p);
  const id = `00000000-0000-4000-8${String(p).padStart(3, '0')}-${String(n).padStart(12, '0')}`;
  const mine = n % 2 === 0;
  return { id, clientId: id, senderId: mine ? me.id : other.id, receiverId: mine ? other.id : me.id, content: `p${p} m${n}`, createdAt: new Date(START + n * 1000).toISOString(), sender: mine ? me : other };
}
const conversation = (p: number, from: number, to: number) => Array.from({ length: to - from }, (_, i) => dm(p, from + i));

/** A server holding `all` (oldest first), answering pages like the real route. */
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

const contents = async (db: Awaited<ReturnType<typeof freshDb>>, p: number) => (await directMessageWindow(db, peer(p).id, 100_000)).messages.map((m) => m.content);
const holding = (peerId: string, held: number, lastUsed: number, evictable = held - 100): ChatHolding => ({ chat: { kind: 'direct', peerId }, held, lastUsed, evictable });

describe('planEviction', () => {
  it('plans nothing within the budget', () => {
    expect(planEviction([holding('a', 300, 1), holding('b', 300, 2)], 600)).toEqual([]);
  });

  it('takes whole pages from the least recently used chats first, down to the low-water mark, never from the chat used last', () => {
    const plan = planEviction([holding('new', 400, 30), holding('old', 250, 10), holding('mid', 400, 20)], 1000);
    // 1,050 held; down to 900: 150 leave, all from the least recently used chat.
    expect(plan).toEqual([{ chat: { kind: 'direct', peerId: 'old' }, count: 150 }]);
    // 2,650 held: 1,750 should leave, but each chat gives only what it may (150 from 'old'), and 'new' nothing.
    const more = planEviction([holding('new', 2000, 30), holding('old', 250, 10), holding('mid', 400, 20)], 1000);
    expect(more).toEqual([
      { chat: { kind: 'direct', peerId: 'old' }, count: 150 },
      { chat: { kind: 'direct', peerId: 'mid' }, count: 300 },
    ]);
  });
});

describe('enforceMirrorBudget', () => {
  it('evicts the oldest messages of the least recently used chat, keeps its newest page and the chat in use', async () => {
    const db = await freshDb(me.id);
    await applyServerData(db, { puts: { directMessages: [...conversation(1, 0, 300), ...conversation(2, 1000, 1300)] } });
    // Peer 1's messages are older, but the user loaded an older page of it just now.
    await touchChat(db, { kind: 'direct', peerId: peer(1).id }, Date.now());

    expect(await enforceMirrorBudget(db, 500)).toBe(150);
    expect(await contents(db, 1)).toHaveLength(300);
    // Peer 2's chat lost its 150 oldest, from its oldest end: what is left is its newest, without gaps.
    expect(await contents(db, 2)).toEqual(conversation(2, 1150, 1300).map((m) => m.content));
    expect(await enforceMirrorBudget(db, 500)).toBe(0);
  });

  it("keeps every chat's newest page however far past the budget the mirror is", async () => {
    const db = await freshDb(me.id);
    await applyServerData(db, { puts: { directMessages: [...conversation(1, 0, 300), ...conversation(2, 1000, 1300), ...conversation(3, 2000, 2300)] } });
    await enforceMirrorBudget(db, 10);
    // Peers 1 and 2 are used least (their newest messages are older): down to their newest page; peer 3 is in use.
    expect(await contents(db, 1)).toEqual(conversation(1, 300 - KEEP_NEWEST, 300).map((m) => m.content));
    expect(await contents(db, 2)).toEqual(conversation(2, 1300 - KEEP_NEWEST, 1300).map((m) => m.content));
    expect(await contents(db, 3)).toHaveLength(300);
  });

  it('never evicts a message a pending write touches, nor anything newer in its chat, and its write stays queued', async () => {
    const db = await freshDb(me.id);
    await applyServerData(db, { puts: { directMessages: [...conversation(1, 0, 400), ...conversation(2, 1000, 1010)] } });
    const edited = dm(1, 30);
    await mutate(db, 'dm.edit', { id: edited.id, content: 'fixed an old typo' });
    await touchChat(db, { kind: 'direct', peerId: peer(2).id }, Date.now());

    expect(await enforceMirrorBudget(db, 100)).toBe(30);
    const held = await contents(db, 1);
    expect(held[0]).toBe('fixed an old typo');
    expect(held).toHaveLength(370);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.directMessages.get(edited.id)).toMatchObject({ content: 'fixed an old typo', syncState: 'queued' });
  });

  it('a chat whose older page the user just loaded counts as used now, ahead of chats with newer messages', async () => {
    const db = await freshDb(me.id);
    const all = conversation(1, 0, 400);
    await applyServerData(db, { puts: { directMessages: [...all.slice(100), ...conversation(2, 1000, 1300)] } });
    expect(await createOlderMessages(db, scriptedApi(serverWith(all))).load({ kind: 'direct', peerId: peer(1).id })).toBe('more');

    // 650 held, budget 600: down to 540 in whole pages, all from peer 2's chat, whose messages are newer.
    expect(await enforceMirrorBudget(db, 600)).toBe(150);
    expect(await contents(db, 1)).toEqual(all.slice(50).map((m) => m.content));
    expect(await contents(db, 2)).toEqual(conversation(2, 1150, 1300).map((m) => m.content));
  });

  it('evicted history loads again page by page and the thread reaches the beginning again, nothing skipped or repeated', async () => {
    const db = await freshDb(me.id);
    const all = conversation(1, 0, 320);
    await applyServerData(db, { puts: { directMessages: [...all.slice(220), ...conversation(2, 1000, 1010)] } });
    const older = createOlderMessages(db, scriptedApi(serverWith(all)));
    const chat = { kind: 'direct', peerId: peer(1).id } as const;
    while ((await older.load(chat)) === 'more');
    expect(await directMessageWindow(db, chat.peerId, 100_000)).toMatchObject({ atBeginning: true });

    // Another chat is used later, so this one is the least recently used; it keeps its newest page.
    await touchChat(db, { kind: 'direct', peerId: peer(2).id }, Date.now() + 1000);
    // 330 held, budget 150: down to 135 in whole pages, so 200 leave.
    expect(await enforceMirrorBudget(db, 150)).toBe(200);
    expect(await contents(db, 1)).toEqual(all.slice(200).map((m) => m.content));
    expect(await directMessageWindow(db, chat.peerId, 100_000)).toMatchObject({ atBeginning: false, olderHere: false });

    expect(await older.load(chat)).toBe('more');
    expect(await contents(db, 1)).toEqual(all.slice(150).map((m) => m.content));
    while ((await older.load(chat)) === 'more');
    expect(await contents(db, 1)).toEqual(all.map((m) => m.content));
    expect(await directMessageWindow(db, chat.peerId, 100_000)).toMatchObject({ atBeginning: true });
  });
});
