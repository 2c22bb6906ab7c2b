/** The budget of successful logins (server/limits/login-budget.ts): per account and per address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerText, type LoginResponse } from '../../src/contract/users';
import { authTokens } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { startServer, unique, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  // The production numbers (10 per account and 100 per address in 15 minutes), unscaled.
  server = await startServer({ rateLimits: { scale: 1 }, config: { trustProxy: true } });
});
afterAll(async () => {
  await server?.close();
});

const login = (target: TestServer, username: string, password: string, ip: string) =>
  target.request<LoginResponse>('POST', '/api/users/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } });

describe('successful logins are budgeted', () => {
  it('40 logins of one account in a burst: 10 get a token, the rest 429 with Retry-After and a message', async () => {
    // Registered from another address, so this address's own budget is untouched.
    const { username, password, user } = await server.register('burst');
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(server, username, password, '10.1.0.1')));
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    // register() logged in once already: 9 more fit in the account's 10.
    expect(ok).toHaveLength(9);
    expect(limited).toHaveLength(31);
    for (const answer of limited) {
      expect(answer.body).toEqual({ message: ServerText.tooManyRequests });
      const retryAfter = Number(answer.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Only the budget's tokens were stored.
    const tokens = await server.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(tokens).toHaveLength(10);
    // Another account from the same address is not slowed by it.
    const other = await server.register('bystander');
    expect((await login(server, other.username, other.password, '10.1.0.1')).status).toBe(200);
    expect(server.logText()).toContain('"security":"login budget hit"');
  });

  it('a failed login never spends the budget (nobody without the password can use it up)', async () => {
    const { username, password } = await server.register('owner');
    for (let i = 0; i < 5; i += 1) expect((await login(server, username, 'wrong password!', `10.2.0.${i}`)).status).toBe(401);
    for (let i = 1; i < 10; i += 1) expect((await login(server, username, password, '10.2.1.1')).status).toBe(200);
    expect((await login(server, username, password, '10.2.1.1')).status).toBe(429);
  });

  it('per address: many accounts logging in from one address are limited; other addresses are not', async () => {
    const limited = await startServer({ rateLimits: { scale: 1, loginBudget: { perIp: { points: 4, durationSeconds: 900 } } }, config: { trustProxy: true } });
    try {
      // Registered without logging in (register() would log in from 127.0.0.1).
      const accounts = Array.from({ length: 5 }, () => ({ username: unique('ip'), password: 'a fine password' }));
      for (const { username, password } of accounts) {
        expect((await limited.request('POST', '/api/users', { body: { username, password, email: `${username}@example.com` } })).status).toBe(202);
      }
      const statuses = [];
      for (const account of accounts) statuses.push((await login(limited, account.username, account.password, '10.3.0.1')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      expect((await login(limited, accounts[4]!.username, accounts[4]!.password, '10.3.0.2')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('after the window a login from the same account works again', async () => {
    const short = await startServer({ rateLimits: { scale: 1, loginBudget: { perAccount: { points: 3, durationSeconds: 2 } } }, config: { trustProxy: true } });
    try {
      const { username, password } = await short.register('window');
      let refused = await login(short, username, password, '10.4.0.1');
      while (refused.status === 200) refused = await login(short, username, password, '10.4.0.1');
      expect(refused.status).toBe(429);
      const refusedAt = Date.now();
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(2);
      // Wait for the condition (the window's end), not a fixed time.
      const deadline = refusedAt + 10_000;
      let again = refused;
      while (again.status === 429 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        again = await login(short, username, password, '10.4.0.1');
      }
      expect(again.status).toBe(200);
      expect(again.body.token).toEqual(expect.any(String));
    } finally {
      await short.close();
    }
  });
});
