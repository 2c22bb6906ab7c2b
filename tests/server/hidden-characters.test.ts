/**
 * Direction overrides and invisible characters (src/contract/text.ts): refused with a 400 in the
 * names users show each other, stripped from messages before they are stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TextRuleText } from '../../src/contract/text';
import type { PodMessage } from '../../src/contract/social';
import { podMessages, pods, users } from '../../server/db/schema';
import { startServer, type TestServer } from './helpers';
import { gameBody } from './games/support';
import { makePod } from './social/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('hidden characters', () => {
  it('are stripped from a message: the stored text has no U+202E and no zero-width space; a family emoji keeps its joiners', async () => {
    const owner = await server.newUser('hco');
    const pod = await makePod(server, owner);
    const family = '👨\u200d👩\u200d👧';
    const sent = await server.request<PodMessage>('POST', `/api/pods/${pod.id}/messages`, {
      token: owner.token,
      body: { content: `see gnp.\u202eexe\u200b now ${family}` },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.content).toBe(`see gnp.exe now ${family}`);
    const stored = await server.database.db.select({ content: podMessages.content }).from(podMessages).where(eq(podMessages.podId, pod.id));
    expect(stored.map((row) => row.content)).toEqual([`see gnp.exe now ${family}`]);
    expect(stored[0]!.content).not.toMatch(/[\u202e\u200b]/);
  });

  it('are refused in display, pod, deck and guest names with a 400 that says why, and nothing is stored', async () => {
    const owner = await server.newUser('hcn');
    const pod = await makePod(server, owner, [], 'Friday');

    const displayName = await server.request('PUT', '/api/users/me', { token: owner.token, body: { displayName: 'Ana\u202e' } });
    expect(displayName.status).toBe(400);
    expect(displayName.body).toEqual({ message: TextRuleText.bidi });
    const zeroWidth = await server.request('PUT', '/api/users/me', { token: owner.token, body: { displayName: 'An\u200ba' } });
    expect(zeroWidth.status).toBe(400);
    expect(zeroWidth.body).toEqual({ message: TextRuleText.invisible });
    const [me] = await server.database.db.select({ displayName: users.displayName }).from(users).where(eq(users.id, owner.user.id));
    expect(me!.displayName ?? '').not.toMatch(/[\u202e\u200b]/);

    const podName = await server.request('PUT', `/api/pods/${pod.id}`, { token: owner.token, body: { name: 'Fri\u2060day' } });
    expect(podName.status).toBe(400);
    expect(podName.body).toEqual({ message: TextRuleText.invisible });
    const [storedPod] = await server.database.db.select({ name: pods.name }).from(pods).where(eq(pods.id, pod.id));
    expect(storedPod!.name).toBe('Friday');

    const deck = await server.request('POST', '/api/decks', { token: owner.token, body: { name: 'Deck\u2067' } });
    expect(deck.status).toBe(400);
    expect(deck.body).toEqual({ message: TextRuleText.bidi });

    const body = gameBody([{ user: owner.user }, { guest: 'Gus' }]);
    body.participants[1]!.guestName = 'G\u200dus';
    const game = await server.request('POST', '/api/games', { token: owner.token, body });
    expect(game.status).toBe(400);
    expect((game.body as { message: string }).message).toContain(TextRuleText.invisible);
  });
});
