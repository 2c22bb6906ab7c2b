import { describe, expect, it } from 'vitest';
import { chatsSearch } from '../../../src/features/chats/chats-page';
import { notificationLinks } from '../../../src/contract/push';

describe('chatsSearch (/pods search parameters, where notification clicks land)', () => {
  it('reads the tab and the chat to open from every notification link', () => {
    const read = (link: string) => chatsSearch(Object.fromEntries(new URL(link, 'https://x.example').searchParams));
    expect(read(notificationLinks.directMessage('u-1'))).toEqual({ tab: 'messages', peer: 'u-1', pod: undefined });
    expect(read(notificationLinks.pod('p-1'))).toEqual({ tab: 'pods', peer: undefined, pod: 'p-1' });
    expect(read(notificationLinks.friendRequests)).toEqual({ tab: 'friends', peer: undefined, pod: undefined });
    expect(read(notificationLinks.invitations)).toEqual({ tab: 'all', peer: undefined, pod: undefined });
  });

  it('ignores unknown tabs, non-text and oversized ids', () => {
    expect(chatsSearch({ tab: 'settings', peer: 42, pod: 'x'.repeat(65) })).toEqual({ tab: undefined, peer: undefined, pod: undefined });
  });

  it("reads a search result's message (id and createdAt, both or neither)", () => {
    const at = '2026-01-01T10:00:00.000Z';
    expect(chatsSearch({ tab: 'pods', pod: 'p-1', msg: 'm-1', at })).toEqual({ tab: 'pods', peer: undefined, pod: 'p-1', msg: 'm-1', at });
    expect(chatsSearch({ tab: 'pods', pod: 'p-1', msg: 'm-1' })).toEqual({ tab: 'pods', peer: undefined, pod: 'p-1' });
    expect(chatsSearch({ tab: 'pods', pod: 'p-1', msg: 'm-1', at: 'yesterday' })).toEqual({ tab: 'pods', peer: undefined, pod: 'p-1' });
  });
});
