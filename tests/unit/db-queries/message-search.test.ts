/**
 * Message search over the mirror: word prefixes, every word, newest first, deleted never, one
 * chat or all; the server's stored answer joins only the same words and scope, and the mirror's
 * copy of a message wins over the server's (an edit or deletion made since).
 */
import { describe, expect, it } from 'vitest';
import { isMatchedWord, matchesSearch, searchWords, type MessageSearchResult } from '../../../src/contract/message-search';
import { searchMessages, storeServerSearch } from '../../../src/db/queries/message-search';
import { ana, bo, cy, dm, freshDb, podMessage } from './helpers';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const ids = (view: { hits: Array<{ message: { id: string } }> }) => view.hits.map((hit) => hit.message.id);

describe('search words', () => {
  it('splits on anything but letters and digits, lower-cases, and matches word starts only', () => {
    expect(searchWords('Red SLEEVES, 100-pack! Ñandú')).toEqual(['red', 'sleeves', '100', 'pack', 'ñandú']);
    expect(matchesSearch('Bring the red Sleeves', ['sleeve', 'red'])).toBe(true);
    expect(matchesSearch('Bring the red Sleeves', ['sleeve', 'blue'])).toBe(false);
    expect(matchesSearch('sleeves', ['eeves'])).toBe(false);
    expect(matchesSearch('anything', [])).toBe(false);
    expect(isMatchedWord('Sleeves', ['sleeve'])).toBe(true);
  });
});

describe('searchMessages', () => {
  it('finds the mirror’s messages in every chat, newest first, and never a deleted one', async () => {
    const db = await freshDb();
    await db.directMessages.bulkPut([dm('d1', bo, at(1), 'red sleeves please'), dm('d2', cy, at(3), 'sleeves sold out'), dm('d3', bo, at(5), '', false, { deletedAt: at(6) })]);
    await db.podMessages.bulkPut([podMessage('p1', 'pod1', at(2), 'new sleeves'), podMessage('p2', 'pod1', at(4), 'no match here')]);
    const view = await searchMessages(db, ana.id, 'Sleeves', {});
    expect(ids(view)).toEqual(['d2', 'p1', 'd1']);
    expect(view.fromServer).toBe(false);
    expect(view.hits[0]).toMatchObject({ kind: 'dm', peerId: cy.id });
  });

  it('searches one pod or one conversation when asked', async () => {
    const db = await freshDb();
    await db.directMessages.bulkPut([dm('d1', bo, at(1), 'dice'), dm('d2', cy, at(2), 'dice')]);
    await db.podMessages.bulkPut([podMessage('p1', 'pod1', at(3), 'dice'), podMessage('p2', 'pod2', at(4), 'dice')]);
    expect(ids(await searchMessages(db, ana.id, 'dice', { podId: 'pod1' }))).toEqual(['p1']);
    expect(ids(await searchMessages(db, ana.id, 'dice', { peerId: cy.id }))).toEqual(['d2']);
    expect(ids(await searchMessages(db, ana.id, 'dice', {}))).toEqual(['p2', 'p1', 'd2', 'd1']);
  });

  it('joins the server’s stored answer for the same words and scope only; the mirror’s copy wins', async () => {
    const db = await freshDb();
    const old = dm('old', bo, at(0), 'sleeves from last year');
    const edited = dm('edited', bo, at(2), 'sleeves typo');
    await db.directMessages.put({ ...edited, content: 'fixed text', editedAt: at(3) });
    const result: MessageSearchResult = {
      directMessages: [edited, old].map(({ peerId: _peer, ...message }) => message),
      podMessages: [],
      more: true,
    };
    await storeServerSearch(db, { q: 'Sleeves', scope: {}, result });

    const same = await searchMessages(db, ana.id, 'sleeves!', {});
    expect(ids(same)).toEqual(['old']);
    expect(same).toMatchObject({ fromServer: true, more: true, hits: [{ kind: 'dm', peerId: bo.id }] });
    // Another scope or other words: the stored answer is not theirs.
    expect(ids(await searchMessages(db, ana.id, 'sleeves', { peerId: bo.id }))).toEqual([]);
    expect((await searchMessages(db, ana.id, 'sleeves red', {})).fromServer).toBe(false);
  });

  it('answers nothing for a query without words', async () => {
    const db = await freshDb();
    await db.directMessages.put(dm('d1', bo, at(1), '!!!'));
    expect(await searchMessages(db, ana.id, ' !! ', {})).toEqual({ hits: [], fromServer: false, more: false });
  });
});
