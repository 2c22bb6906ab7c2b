/**
 * The token cache (server/auth/token-cache.ts): authenticated requests skip the database for
 * 30 s, and a revocation on any process clears it everywhere at once. Two servers on one
 * database and one bus stand for two processes.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TOKEN_TTL_MS } from '../../src/contract/limits';
import { hashSecret } from '../../server/auth/tokens';
import { authTokens } from '../../server/db/schema';
import { linkIn, startServer, useTwoProcesses, type TestServer } from './helpers';

const two = useTwoProcesses();

const me = (on: TestServer, token: string) => on.request('GET', '/api/users/me', { token });

describe('token cache', () => {
  it('answers from memory: a token revoked behind its back (no bus message) still works until the cache forgets it', async () => {
    const { token } = await two.b.newUser('cache');
    expect((await me(two.b, token)).status).toBe(200);
    await two.database.db.update(authTokens).set({ revoked: true }).where(eq(authTokens.tokenHash, hashSecret(token)));
    // The documented limit: only a revocation through the bus (logout, reset) is seen at once.
    expect((await me(two.b, token)).status).toBe(200);
    expect((await two.a.request('GET', '/api/users/me', { token })).status).toBe(401);
  });

  it('logout on one process refuses the token on the other at once, though it was cached there', async () => {
    const { token, username, password } = await two.a.newUser('lo');
    const kept = await two.a.login(username, password);
    expect((await me(two.b, token)).status).toBe(200);
    expect((await me(two.b, kept.token)).status).toBe(200);
    expect((await two.a.request('POST', '/api/users/logout', { token })).status).toBe(204);
    expect((await me(two.b, token)).status).toBe(401);
    expect((await me(two.b, kept.token)).status).toBe(200);
  });

  it('a password reset on one process refuses every token of the user on the other at once', async () => {
    const { token, username, password, email } = await two.a.newUser('rs');
    const second = await two.a.login(username, password);
    for (const t of [token, second.token]) expect((await me(two.b, t)).status).toBe(200);
    await two.a.request('POST', '/api/auth/forgot-password', { body: { email } });
    const resetToken = linkIn(await two.a.waitForMail((text) => text.includes(email) && text.includes('reset-password'))).split('/').pop()!;
    expect((await two.a.request('PATCH', `/api/auth/reset-password/${resetToken}`, { body: { newPassword: `${password}-new` } })).status).toBe(200);
    for (const t of [token, second.token]) expect((await me(two.b, t)).status).toBe(401);
  });

  it('a write with a token cached before its logout is refused at once, and counts against nobody', async () => {
    const { token, user } = await two.a.newUser('wr');
    const other = await two.a.newUser('wr2');
    const dm = (on: TestServer) => on.request('POST', '/api/direct-messages/send', { token, body: { receiverId: other.user.id, content: 'hi' } });
    expect((await dm(two.b)).status).toBe(201);
    expect(two.b.app.deps.tokens.cached(token)?.id).toBe(user.id);
    expect((await two.a.request('POST', '/api/users/logout', { token })).status).toBe(204);
    expect(two.b.app.deps.tokens.cached(token)).toBeUndefined();
    expect((await dm(two.b)).status).toBe(401);
  });

  it('a cached token stops working when it expires', async () => {
    const own = await startServer();
    try {
      const { token } = await own.newUser('ex');
      expect((await me(own, token)).status).toBe(200);
      own.advanceClock(TOKEN_TTL_MS + 1000);
      expect((await me(own, token)).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});
