/**
 * Mail budgets (server/limits/mail-budget.ts through server/mail-gate.ts): e-mail changes per
 * account, claim mails per recipient and per sender, forgot-password that an attacker cannot
 * use to deny the owner a link, and no link in an info-level log. Mails are counted in the
 * outbox folder, as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerText } from '../../src/contract/users';
import { MailBudgetText } from '../../server/limits/mail-budget';
import { createGame, gameBody } from './games/support';
import { linkIn, startServer, unique, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    // Production budgets, except sign-ups: this file registers a dozen accounts from 127.0.0.1.
    rateLimits: { scale: 1, writes: { register: { perIp: { points: 100, durationSeconds: 3600 } } } },
    config: { trustProxy: true },
  });
});
afterAll(async () => {
  await server?.close();
});

const mailsTo = (address: string) => server.mails().filter((text) => text.toLowerCase().includes(`to: ${address.toLowerCase()}`));
/**
 * Mails leave after the answer, in order: once a mail caused later (a sign-up's welcome) is in
 * the outbox, the earlier ones that were going to be sent are too.
 */
async function settled(): Promise<void> {
  const username = unique('flush');
  expect((await server.request('POST', '/api/users', { body: { username, email: `${username}@example.com`, password: 'a fine password' } })).status).toBe(202);
  await server.waitForMail((text) => text.includes(`${username}@example.com`), 10_000);
}

describe('e-mail changes share one budget whatever the route', () => {
  it('15 changes in a row (PUT /api/users/me and POST /api/users/me/email): 5 accepted, the rest 429', async () => {
    const me = await server.newUser('mover');
    const targets: string[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const email = `${unique('new')}@example.com`;
      targets.push(email);
      const body = { email, currentPassword: me.password };
      const answer = i % 2 === 0 ? await server.request('PUT', '/api/users/me', { token: me.token, body }) : await server.request('POST', '/api/users/me/email', { token: me.token, body });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toEqual({ message: MailBudgetText.tooManyEmailChanges });
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(statuses.slice(0, 5).every((s) => s === 200 || s === 202)).toBe(true);
    await settled();
    expect(targets.map((address) => mailsTo(address).length)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('claim mails', () => {
  it('100 claim mails to one address from 10 accounts in an hour: 20 are sent, every game is created', async () => {
    const victim = `${unique('victim')}@example.com`;
    const hosts = [];
    for (let i = 0; i < 10; i += 1) hosts.push(await server.newUser('host'));
    let created = 0;
    for (const host of hosts) {
      for (let g = 0; g < 10; g += 1) {
        await createGame(server, host.token, gameBody([{ user: host.user }, { guest: 'Guest', email: victim }]));
        created += 1;
      }
    }
    expect(created).toBe(100);
    await settled();
    expect(mailsTo(victim)).toHaveLength(20);
  });

  it('the subject is fixed; the names the creator chose are only in the body, quoted', async () => {
    const host = await server.newUser('namer');
    await server.request('PUT', '/api/users/me', { token: host.token, body: { displayName: 'PodTable Security Team' } });
    const to = `${unique('named')}@example.com`;
    await createGame(server, host.token, gameBody([{ user: { ...host.user, displayName: 'PodTable Security Team' } }, { guest: 'Your "account" is locked', email: to }]));
    const mail = (await server.waitForMail((text) => text.includes(`To: ${to}`))).replace(/=\r?\n/g, '');
    expect(mail).toContain('Subject: You were added to a PodTable game\n');
    expect(mail).not.toMatch(/Subject:.*Security/);
    expect(mail).toContain(`The PodTable user "PodTable Security Team" added you as the guest "Your 'account' is locked"`);
  });

  it('a creator beyond their sender budget (50 mails an hour) is refused 429 and no game is made', async () => {
    const host = await server.newUser('bulk');
    const game = () => gameBody([{ user: host.user }, ...Array.from({ length: 7 }, (_, i) => ({ guest: `G${i}`, email: `${unique('g')}@example.com` }))]);
    for (let i = 0; i < 7; i += 1) await createGame(server, host.token, game()); // 49 mails
    const body = game();
    const refused = await server.request('POST', '/api/games', { token: host.token, body });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MailBudgetText.tooManyMails });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.request('GET', `/api/games/${body.id}`, { token: host.token })).status).toBe(404);
  });
});

describe('forgot password', () => {
  const forgot = (email: string, ip: string) => server.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': ip } });

  it("an attacker's requests cannot deny the owner a working reset link", async () => {
    const owner = await server.register('target');
    const resets = () => mailsTo(owner.email).filter((text) => text.includes('Subject: Reset your PodTable password'));
    // One address alone: 3 requests, then 429 for that address (the owner's budget is untouched).
    for (let i = 0; i < 3; i += 1) expect((await forgot(owner.email, '10.9.0.1')).status).toBe(200);
    const fourth = await forgot(owner.email, '10.9.0.1');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: ServerText.tooManyRequests });
    // A second address uses up the recipient's 5 reset mails an hour.
    for (let i = 0; i < 3; i += 1) expect((await forgot(owner.email.toUpperCase(), '10.9.0.2')).status).toBe(200);
    await settled();
    expect(resets()).toHaveLength(5);

    // The owner asks from their own address: the same answer, no sixth mail (a link that works is in the mailbox).
    const own = await forgot(owner.email, '10.9.9.9');
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ message: ServerText.forgotPasswordSent });
    await settled();
    expect(resets()).toHaveLength(5);
    const newest = linkIn(resets().at(-1)!).split('/').pop()!;
    expect((await server.request('PATCH', `/api/auth/reset-password/${newest}`, { body: { newPassword: 'owner chose this one' } })).status).toBe(200);

    // Every link is dead now: over the budget or not, the owner's next request mails a new one.
    expect((await forgot(owner.email, '10.9.9.9')).status).toBe(200);
    await settled();
    expect(resets()).toHaveLength(6);
    const fresh = linkIn(resets().at(-1)!).split('/').pop()!;
    expect(fresh).not.toBe(newest);
    expect((await server.request('PATCH', `/api/auth/reset-password/${fresh}`, { body: { newPassword: 'and then this one' } })).status).toBe(200);
  });

  it('an info-level log of a reset request holds no token or link', async () => {
    expect(server.app.log.level).toBe('info');
    const owner = await server.register('quiet');
    expect((await forgot(owner.email, '10.8.0.1')).status).toBe(200);
    const mail = await server.waitForMail((text) => text.includes(owner.email) && text.includes('Subject: Reset your PodTable password'));
    const token = linkIn(mail).split('/').pop()!;
    const log = server.logText();
    expect(log).toContain('mail written to the outbox');
    expect(log).not.toContain(token);
    expect(log).not.toContain('/reset-password/');
  });
});
