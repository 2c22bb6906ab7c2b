import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '../../src/contract/limits';
import { ServerText } from '../../src/contract/users';
import { passwordResetTokens } from '../../server/db/schema';
import { linkIn, openSocket, startServer, unique, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const forgot = (email: string) => server.request('POST', '/api/auth/forgot-password', { body: { email } });
const reset = (token: string, newPassword: string) =>
  server.request('PATCH', `/api/auth/reset-password/${token}`, { body: { newPassword } });
const loginStatus = async (username: string, password: string) =>
  (await server.request('POST', '/api/users/login', { body: { username, password } })).status;

async function requestLink(email: string): Promise<string> {
  const before = new Set(server.mails());
  const answer = await forgot(email);
  expect(answer.status).toBe(200);
  const mail = await server.waitForMail((text) => text.includes(email) && text.includes('Subject: Reset your PodTable password') && !before.has(text));
  return linkIn(mail);
}

describe('forgot password', () => {
  it('answers the same for an unknown e-mail and mails nobody', async () => {
    const resets = () => server.mails().filter((text) => text.includes('Subject: Reset your PodTable password')).length;
    const before = resets();
    const unknown = await forgot(`${unique('ghost')}@example.com`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: ServerText.forgotPasswordSent });
    const { email } = await server.register('known');
    const known = await forgot(email);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await server.waitForMail((text) => text.includes(email) && text.includes('Subject: Reset your PodTable password'));
    expect(resets()).toBe(before + 1);
  });

  it('validates the e-mail', async () => {
    const answer = await forgot('not-an-email');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Enter a valid email address.' });
  });

  it('is rate limited per e-mail and per address (429 + Retry-After)', async () => {
    const limited = await startServer({
      rateLimits: { forgotPasswordPerEmail: { points: 2, durationSeconds: 600 }, forgotPasswordPerIp: { points: 3, durationSeconds: 600 } },
    });
    try {
      const email = `${unique('rl')}@example.com`;
      const send = (address: string) => limited.request('POST', '/api/auth/forgot-password', { body: { email: address } });
      expect((await send(email)).status).toBe(200);
      expect((await send(email.toUpperCase())).status).toBe(200);
      const perMail = await send(email);
      expect(perMail.status).toBe(429);
      expect(perMail.body).toEqual({ message: ServerText.tooManyRequests });
      expect(Number(perMail.headers.get('retry-after'))).toBeGreaterThan(500);
      expect((await send(`${unique('o')}@example.com`)).status).toBe(429); // 4th from this address
    } finally {
      await limited.close();
    }
  });
});

describe('reset through the mailed link', () => {
  it('works end to end: the link from the .eml resets; old password fails, new works; the link is single use', async () => {
    const { username, email, password } = await server.register('flow');
    const link = await requestLink(email);
    expect(link.startsWith(`${server.app.deps.config.appUrl}/reset-password/`)).toBe(true);
    const token = link.split('/').pop()!;

    const done = await reset(token, 'a brand new secret');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: ServerText.passwordReset });
    expect(await loginStatus(username, password)).toBe(401);
    expect(await loginStatus(username, 'a brand new secret')).toBe(200);

    const again = await reset(token, 'yet another secret');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: ServerText.invalidResetToken });
    expect(await loginStatus(username, 'a brand new secret')).toBe(200);
  });

  it('revokes every token of the user and closes their live sockets', async () => {
    const { username, email, password, token: oldToken, user } = await server.newUser('revoke');
    const second = await server.login(username, password);
    const socket = await openSocket(`${server.wsUrl}/ws?token=${second.token}`);
    const link = await requestLink(email);
    expect((await reset(link.split('/').pop()!, 'fresh password 1')).status).toBe(200);
    expect((await server.request('GET', '/api/users/me', { token: oldToken })).status).toBe(401);
    expect((await server.request('GET', '/api/users/me', { token: second.token })).status).toBe(401);
    expect(await socket.closed).toEqual({ code: 4401, reason: 'unauthorized' });
    expect(server.app.deps.hub.connectionCount(user.id)).toBe(0);
  });

  it('an expired link is refused and changes nothing', async () => {
    const { username, email, password } = await server.register('expired');
    const link = await requestLink(email);
    server.advanceClock(RESET_TOKEN_TTL_MS + 1000);
    try {
      const answer = await reset(link.split('/').pop()!, 'too late password');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: ServerText.invalidResetToken });
    } finally {
      server.advanceClock(-RESET_TOKEN_TTL_MS - 1000);
    }
    expect(await loginStatus(username, password)).toBe(200);
  });

  it('a link whose stored expiry has passed is refused (expires_at set in the database)', async () => {
    const { email, user, username, password } = await server.register('dbexp');
    const link = await requestLink(email);
    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(link.split('/').pop()!, 'too late password')).status).toBe(400);
    expect(await loginStatus(username, password)).toBe(200);
  });

  it('a newer reset makes older links useless too', async () => {
    const { email, username } = await server.register('older');
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect(first).not.toBe(second);
    expect((await reset(second.split('/').pop()!, 'second password')).status).toBe(200);
    expect((await reset(first.split('/').pop()!, 'first password!')).status).toBe(400);
    expect(await loginStatus(username, 'second password')).toBe(200);
  });

  it('a made-up or malformed token → 400 with the same text', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(200), '%00', 'a%2Fb']) {
      const answer = await reset(token, 'whatever password');
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: ServerText.invalidResetToken });
    }
    // Longer than any route parameter may be: refused before routing.
    const huge = await reset('x'.repeat(300), 'whatever password');
    expect(huge.status).toBe(414);
    expect(huge.body).toEqual({ message: 'The address is too long.' });
  });

  it('a too-short new password → 400 with the rule, and the link still works afterwards', async () => {
    const { email, username } = await server.register('weak');
    const token = (await requestLink(email)).split('/').pop()!;
    const weak = await reset(token, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ message: 'Password must be at least 8 characters.' });
    expect((await reset(token, 'long enough now')).status).toBe(200);
    expect(await loginStatus(username, 'long enough now')).toBe(200);
  });

  it('only one of two simultaneous uses of a link succeeds', async () => {
    const { email, username } = await server.register('twice');
    const token = (await requestLink(email)).split('/').pop()!;
    const answers = await Promise.all([reset(token, 'password number one'), reset(token, 'password number two')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'password number one' : 'password number two';
    expect(await loginStatus(username, winner)).toBe(200);
  });
});
