/** Guests claim their seat through the link mailed to their contact e-mail (outbox .eml files here). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Game } from '../../../src/contract/game';
import type { User } from '../../../src/contract/users';
import { gameClaims } from '../../../server/db/schema';
import { hashSecret } from '../../../server/auth/tokens';
import { openSocket, startServer, type TestServer } from '../helpers';
import { claimTokenIn, createGame, gameBody, increment } from './support';

let server: TestServer;
beforeAll(async () => {
  // debug: the per-request lines this file checks for redaction (none at info).
  server = await startServer({ config: { logLevel: 'debug' } });
});
afterAll(async () => {
  await server?.close();
});

const mailTo = (address: string) => (text: string) => text.includes(`To: ${address}`);
const INVALID = { message: 'This claim link is invalid or has already been used.' };

describe('guest claim links', () => {
  it('mails each guest a single-use link; claiming makes the caller that player', async () => {
    const host = await server.newUser('host');
    const guest = await server.newUser('guest');
    await server.request<User>('PUT', '/api/users/me', { token: guest.token, body: { displayName: 'Gus Real' } });
    const gusMail = `gus.${guest.username}@guests.example`;
    const kimMail = `kim.${guest.username}@guests.example`;
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Gus', email: gusMail }, { guest: 'Kim', email: kimMail }]));
    await server.request('POST', `/api/games/${game.id}/increments`, { token: host.token, body: increment(1, -7) });

    const mail = await server.waitForMail(mailTo(gusMail));
    expect(mail).toContain('Subject:');
    const token = claimTokenIn(mail);
    expect(mail.replace(/=\r?\n/g, '')).toContain(`${server.app.deps.config.appUrl}/claim/${token}`);
    expect(claimTokenIn(await server.waitForMail(mailTo(kimMail)))).not.toBe(token);
    // Only the hash is stored.
    const [stored] = await server.database.db.select().from(gameClaims).where(eq(gameClaims.tokenHash, hashSecret(token)));
    expect(stored).toMatchObject({ gameId: game.id, seatNumber: 1, usedAt: null });

    const hostSocket = await openSocket(`${server.wsUrl}/ws?token=${host.token}`);
    const claimed = await server.request<Game>('POST', `/api/games/claim/${token}`, { token: guest.token });
    expect(claimed.status).toBe(200);
    expect(claimed.body.participants[1]).toMatchObject({
      seatNumber: 1,
      role: 'guest',
      userId: guest.user.id,
      displayName: 'Gus Real',
      guestName: 'Gus',
      accountEmail: null,
      lifeTotal: 33,
    });
    // The other guest's address is for their claim only: the claimant sees none.
    expect(claimed.body.participants[2]).toMatchObject({ userId: null, accountEmail: null });
    const event = (await hostSocket.next((m) => (m as { type?: string }).type === 'GAME_UPDATED')) as { payload: Game };
    // The host, its creator, hears the same game with Kim's address masked.
    const kimMasked = `k•••@guests.example`;
    expect(event.payload).toEqual({ ...claimed.body, participants: claimed.body.participants.map((p) => (p.seatNumber === 2 ? { ...p, accountEmail: kimMasked } : p)) });
    hostSocket.socket.close(1000);

    // The game is now theirs to read, list and play.
    const list = await server.request<Game[]>('GET', '/api/games', { token: guest.token });
    expect(list.body).toEqual([claimed.body]);
    const hit = await server.request<Game>('POST', `/api/games/${game.id}/increments`, { token: guest.token, body: increment(0, -1) });
    expect(hit.status).toBe(200);

    // Single use: again, by anyone.
    const other = await server.newUser('late');
    for (const token_ of [guest.token, other.token]) {
      const again = await server.request('POST', `/api/games/claim/${token}`, { token: token_ });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(INVALID);
    }
    expect((await server.request('GET', `/api/games/${game.id}`, { token: other.token })).status).toBe(404);

    // The token reaches the log only in the outbox line (for a person running the server locally), never in a request URL.
    const lines = server.logText().split('\n');
    expect(lines.some((line) => line.includes('/api/games/claim/[redacted]'))).toBe(true);
    expect(lines.filter((line) => line.includes(token) && !line.includes('mail written to the outbox'))).toEqual([]);
  });

  it('a player already in the game gets 409 and the link stays usable', async () => {
    const host = await server.newUser('host');
    const email = `solo.${host.username}@guests.example`;
    const game = await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Solo', email }]));
    const token = claimTokenIn(await server.waitForMail(mailTo(email)));
    const refused = await server.request('POST', `/api/games/claim/${token}`, { token: host.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'You are already playing in this game.' });
    const solo = await server.newUser('solo');
    const claimed = await server.request<Game>('POST', `/api/games/claim/${token}`, { token: solo.token });
    expect(claimed.status).toBe(200);
    expect(claimed.body.participants[1]!.userId).toBe(solo.user.id);
    expect(claimed.body.participants[1]!.displayName).toBe(solo.username);
    expect(claimed.body.id).toBe(game.id);
  });

  it('unknown and malformed tokens are 400; a replayed create mails nobody twice', async () => {
    const me = await server.newUser('tok');
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(200)]) {
      const answer = await server.request('POST', `/api/games/claim/${token}`, { token: me.token });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(INVALID);
    }
    const email = `once.${me.username}@guests.example`;
    const body = gameBody([{ user: me.user }, { guest: 'Once', email }]);
    await createGame(server, me.token, body);
    await createGame(server, me.token, body);
    // A later game's mail is queued after any mail the replay could have sent.
    const marker = `marker.${me.username}@guests.example`;
    await createGame(server, me.token, gameBody([{ user: me.user }, { guest: 'Marker', email: marker }]));
    await server.waitForMail(mailTo(marker));
    expect(server.mails().filter(mailTo(email))).toHaveLength(1);
    expect(await server.database.db.select().from(gameClaims).where(eq(gameClaims.gameId, body.id))).toHaveLength(1);
  });
});
