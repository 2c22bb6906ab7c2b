/**
 * Account changes need the current password: e-mail change with a confirmation from
 * the new address and an undo link to the old one; password change; no enumeration; security
 * log lines without secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountText, ServerText, type User } from '../../src/contract/users';
import { authTokens, users } from '../../server/db/schema';
import { EMAIL_UNDO_TTL_MS } from '../../server/users/email-change';
import { openSocket, startServer, unique, type TestServer } from './helpers';
import { pull } from './sync/support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** The token of the first link to `/${page}/` in the newest mail matching `match`. */
async function linkToken(page: string, match: (mail: string) => boolean): Promise<string> {
  const mail = await server.waitForMail((text) => match(text.replace(/=\r?\n/g, '')));
  const token = new RegExp(`/${page}/([A-Za-z0-9_-]{43})`).exec(mail.replace(/=\r?\n/g, ''))?.[1];
  if (!token) throw new Error(`no /${page}/ link in the mail`);
  return token;
}

const mailTo = (address: string, subject: string) => (mail: string) => mail.toLowerCase().includes(`to: ${address.toLowerCase()}`) && mail.includes(`Subject: ${subject}`);

describe('POST /api/users/me/email', () => {
  it('needs the current password: 400 without, 403 when wrong, and nothing is mailed', async () => {
    const { token, user } = await server.newUser('em');
    const email = `${unique('to')}@example.com`;
    const without = await server.request('POST', '/api/users/me/email', { token, body: { email } });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ message: 'Enter your current password.' });
    const wrong = await server.request('POST', '/api/users/me/email', { token, body: { email, currentPassword: 'wrong password' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: AccountText.currentPasswordWrong });
    expect(server.mails().some((mail) => mail.includes(email))).toBe(false);
    expect((await server.request<User>('GET', '/api/users/me', { token })).body).toEqual(user);
    expect(server.logText()).toContain(`"security":"current password wrong","userId":"${user.id}"`);
    expect(server.logText()).not.toContain('wrong password');
  });

  it('confirm from the new address changes it, tells the old one with an undo link, and live devices hear it', async () => {
    const { token, user, password } = await server.newUser('chg');
    const newEmail = `${unique('new')}@example.com`;
    const socket = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    const asked = await server.request('POST', '/api/users/me/email', { token, body: { email: newEmail, currentPassword: password } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: AccountText.emailChangeSent(newEmail) });
    expect((await server.request<User>('GET', '/api/users/me', { token })).body.email).toBe(user.email);

    const confirm = await linkToken('confirm-email', mailTo(newEmail, 'Confirm your new PodTable e-mail address'));
    const before = await pull(server, token);
    const confirmed = await server.request<User>('POST', `/api/users/email-change/${confirm}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ ...user, email: newEmail, rev: (user.rev ?? 0) + 1 });
    expect((await server.request<User>('GET', '/api/users/me', { token })).body.email).toBe(newEmail);
    // A device that was offline learns it from its cursor, like any other change.
    const caughtUp = await pull(server, token, before.cursor);
    expect(caughtUp.puts.users).toEqual([expect.objectContaining({ id: user.id, email: newEmail })]);
    await socket.next((m) => (m as { type?: string; payload?: User }).type === 'USER_UPDATED' && (m as { payload: User }).payload.email === newEmail);
    socket.socket.close();

    // Single use.
    const again = await server.request('POST', `/api/users/email-change/${confirm}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: AccountText.invalidLink });

    const told = await server.waitForMail(mailTo(user.email, 'Your PodTable e-mail address was changed'));
    expect(told.replace(/=\r?\n/g, '')).toContain(`changed to ${newEmail}`);
    expect(told).toMatch(/\/undo-email\/[A-Za-z0-9_-]{43}/);
    expect(server.logText()).toContain(`"security":"e-mail changed","userId":"${user.id}"`);
    // The link's token reaches no log line but the outbox's own (no SMTP: how a local operator follows a link).
    const lines = server.logText().split('\n').filter((line) => !line.includes('mail written to the outbox'));
    expect(lines.join('\n')).not.toContain(confirm);
  });

  it('undo within 7 days restores the old address, signs out every device and mails a reset link', async () => {
    const { token, user, password, username } = await server.newUser('und');
    const second = await server.login(username, password);
    const newEmail = `${unique('thief')}@example.com`;
    expect((await server.request('POST', '/api/users/me/email', { token, body: { email: newEmail, currentPassword: password } })).status).toBe(202);
    const confirm = await linkToken('confirm-email', mailTo(newEmail, 'Confirm your new PodTable e-mail address'));
    expect((await server.request('POST', `/api/users/email-change/${confirm}`)).status).toBe(200);
    const socket = await openSocket(`${server.wsUrl}/ws?token=${second.token}`);

    // While the undo link lives, the old address is reserved: nobody can register it.
    const squatter = unique('sq');
    expect((await server.request('POST', '/api/users', { body: { email: user.email, username: squatter, password: 'password1' } })).status).toBe(202);
    expect(await server.database.db.select().from(users).where(eq(users.username, squatter))).toHaveLength(0);

    const undo = await linkToken('undo-email', mailTo(user.email, 'Your PodTable e-mail address was changed'));
    const undone = await server.request('POST', `/api/users/email-change/${undo}/undo`);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ message: AccountText.emailChangeUndone });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
    for (const t of [token, second.token]) expect((await server.request('GET', '/api/users/me', { token: t })).status).toBe(401);
    expect((await socket.closed).code).toBe(4401);
    const tokens = await server.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(tokens.every((t) => t.revoked)).toBe(true);

    const reset = await linkToken('reset-password', mailTo(user.email, 'Reset your PodTable password'));
    const newPassword = 'a brand new passphrase';
    expect((await server.request('PATCH', `/api/auth/reset-password/${reset}`, { body: { newPassword } })).status).toBe(200);
    expect((await server.login(username, newPassword)).user.email).toBe(user.email);
    expect(server.logText()).toContain(`"security":"e-mail change undone","userId":"${user.id}"`);
    expect((await server.request('POST', `/api/users/email-change/${undo}/undo`)).status).toBe(400);
  });

  it('an undo link expires after 7 days', async () => {
    const { token, user, password } = await server.newUser('exp');
    const newEmail = `${unique('n')}@example.com`;
    await server.request('POST', '/api/users/me/email', { token, body: { email: newEmail, currentPassword: password } });
    const confirm = await linkToken('confirm-email', mailTo(newEmail, 'Confirm your new PodTable e-mail address'));
    await server.request('POST', `/api/users/email-change/${confirm}`);
    const undo = await linkToken('undo-email', mailTo(user.email, 'Your PodTable e-mail address was changed'));
    server.advanceClock(EMAIL_UNDO_TTL_MS + 60_000);
    try {
      const late = await server.request('POST', `/api/users/email-change/${undo}/undo`);
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ message: AccountText.invalidLink });
      const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.email).toBe(newEmail);
    } finally {
      server.advanceClock(-EMAIL_UNDO_TTL_MS - 60_000);
    }
  });

  it('answers a taken address exactly like a free one and mails its owner instead (no enumeration)', async () => {
    const owner = await server.newUser('own');
    const { token, user, password } = await server.newUser('try');
    const taken = await server.request('POST', '/api/users/me/email', { token, body: { email: owner.email.toUpperCase(), currentPassword: password } });
    const free = await server.request('POST', '/api/users/me/email', { token, body: { email: `${unique('free')}@example.com`, currentPassword: password } });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual({ message: AccountText.emailChangeSent(owner.email.toUpperCase()) });
    const note = await server.waitForMail(mailTo(owner.email, 'Your PodTable e-mail address was used'));
    expect(note).not.toContain(user.username);
    expect(server.mails().some((mail) => mail.includes('/confirm-email/') && mail.toLowerCase().includes(`to: ${owner.email.toLowerCase()}`))).toBe(false);
    expect((await server.request<User>('GET', '/api/users/me', { token })).body.email).toBe(user.email);
  });

  it('bad links answer 400 and change nothing', async () => {
    for (const path of ['/api/users/email-change/short', `/api/users/email-change/${'A'.repeat(43)}`, `/api/users/email-change/${'A'.repeat(43)}/undo`]) {
      const answer = await server.request('POST', path);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: AccountText.invalidLink });
    }
  });
});

describe('POST /api/users/me/password', () => {
  it('needs the current password, keeps this device signed in, signs the others out and tells the address', async () => {
    const { token, user, password, username } = await server.newUser('pw');
    const other = await server.login(username, password);
    const wrong = await server.request('POST', '/api/users/me/password', { token, body: { currentPassword: 'nope nope', newPassword: 'another password' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: AccountText.currentPasswordWrong });
    const same = await server.request('POST', '/api/users/me/password', { token, body: { currentPassword: password, newPassword: password } });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ message: AccountText.samePassword });
    const short = await server.request('POST', '/api/users/me/password', { token, body: { currentPassword: password, newPassword: 'short' } });
    expect(short.status).toBe(400);

    const socket = await openSocket(`${server.wsUrl}/ws?token=${other.token}`);
    const changed = await server.request('POST', '/api/users/me/password', { token, body: { currentPassword: password, newPassword: 'the new passphrase' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: AccountText.passwordChanged });
    expect((await server.request('GET', '/api/users/me', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/users/me', { token: other.token })).status).toBe(401);
    expect((await socket.closed).code).toBe(4401);
    expect((await server.request('POST', '/api/users/login', { body: { username, password } })).status).toBe(401);
    expect((await server.login(username, 'the new passphrase')).user.id).toBe(user.id);
    await server.waitForMail(mailTo(user.email, 'Your PodTable password was changed'));
    expect(server.logText()).toContain(`"security":"password changed","userId":"${user.id}"`);
    expect(server.logText()).not.toContain('the new passphrase');
  });

  it('is behind the login brake: repeated wrong current passwords get 429', async () => {
    const braked = await startServer({ rateLimits: { loginBrake: { freeFailuresPerPair: 2, baseDelaySeconds: 60 } } });
    try {
      const { token, password } = await braked.newUser('brk');
      for (let i = 0; i < 2; i += 1) {
        expect((await braked.request('POST', '/api/users/me/password', { token, body: { currentPassword: `guess ${i}`, newPassword: 'whatever 123' } })).status).toBe(403);
      }
      const held = await braked.request('POST', '/api/users/me/password', { token, body: { currentPassword: password, newPassword: 'whatever 123' } });
      expect(held.status).toBe(429);
      expect(held.body).toEqual({ message: ServerText.tooManyRequests });
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(50);
    } finally {
      await braked.close();
    }
  });

  it('needs a token', async () => {
    expect((await server.request('POST', '/api/users/me/password', { body: { currentPassword: 'x', newPassword: 'yyyyyyyy' } })).status).toBe(401);
  });
});
