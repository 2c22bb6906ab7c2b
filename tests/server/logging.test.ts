import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { users } from '../../server/db/schema';
import { redactUrl, serializeError } from '../../server/logging';
import { linkIn, openSocket, startServer, unique, type TestServer } from './helpers';

const SECRET_PARAM = 'SECRET-PARAM-VALUE-42';

function failingRoute(app: FastifyInstance) {
  app.post('/api/test/db-failure', { config: { public: true } }, async () => {
    const username = unique('dup');
    await app.deps.db.insert(users).values({ username, email: `${username}@example.com`, passwordHash: SECRET_PARAM });
    await app.deps.db.insert(users).values({ username, email: `${username}@example.com`, passwordHash: SECRET_PARAM });
    return {};
  });
}

let server: TestServer;
beforeAll(async () => {
  // debug: one line per request (at info there is none; see the test below).
  server = await startServer({ setup: failingRoute, config: { logLevel: 'debug' } });
});
afterAll(async () => {
  await server?.close();
});

describe('logs', () => {
  it('never contain a password, a bearer token, a socket token or a reset token in a URL', async () => {
    const password = 'Hunter2-correct-horse-battery';
    const username = unique('log');
    const email = `${username}@example.com`;
    expect((await server.request('POST', '/api/users', { body: { email, username, password } })).status).toBe(202);
    const { token } = await server.login(username, password);
    await server.request('POST', '/api/users/login', { body: { username, password: `${password}-wrong` } });
    await server.request('POST', '/api/users/login', { raw: `{"username":"${username}","password":"${password}"`, headers: { 'content-type': 'application/json' } });
    await server.request('GET', '/api/users/me', { token });
    await server.request('PUT', '/api/users/me', { token, body: { displayName: 'Logged' } });
    const socket = await openSocket(`${server.wsUrl}/ws?token=${token}`);
    socket.socket.close(1000);
    await socket.closed;
    const ticket = (await server.request<{ ticket: string }>('POST', '/api/live/ticket', { token })).body.ticket;
    const ticketSocket = await openSocket(`${server.wsUrl}/ws?ticket=${encodeURIComponent(ticket)}`);
    ticketSocket.socket.close(1000);
    await ticketSocket.closed;

    await server.request('POST', '/api/auth/forgot-password', { body: { email } });
    const resetToken = linkIn(await server.waitForMail((text) => text.includes(email) && text.includes('Subject: Reset your PodTable password'))).split('/').pop()!;
    await fetch(`${server.url}/reset-password/${resetToken}`, { headers: { accept: 'text/html' } });
    const reset = await server.request('PATCH', `/api/auth/reset-password/${resetToken}`, { body: { newPassword: `${password}-new` } });
    expect(reset.status).toBe(200);
    expect((await server.request('POST', '/api/test/db-failure')).status).toBe(500);

    const log = server.logText();
    // The lines this test relies on are really there (so the checks below can fail).
    expect(log).toContain('"url":"/api/users/login"');
    expect(log).toContain('"url":"/ws?token=[redacted]"');
    expect(log).toContain('"url":"/ws?ticket=[redacted]"');
    expect(log).toContain('"url":"/api/auth/reset-password/[redacted]"');
    expect(log).toContain('"url":"/reset-password/[redacted]"');
    expect(log).toContain('Failed query: insert into \\"users\\"');

    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    expect(log).not.toContain(ticket.split('.')[1]);
    expect(log.toLowerCase()).not.toContain('bearer');
    expect(log).not.toContain(SECRET_PARAM);
    // The outbox's info line names the file, never the link (the mailer logs links only at debug, and the test mailer has no debug).
    expect(log).toContain('mail written to the outbox');
    expect(log).not.toContain(resetToken);
    // Every line is structured JSON.
    for (const line of log.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('request lines at info', () => {
  it('are not written for ordinary requests, but a failure still names its route', async () => {
    const quiet = await startServer({ setup: failingRoute });
    try {
      const { token } = await quiet.newUser('quiet');
      for (let i = 0; i < 5; i++) expect((await quiet.request('GET', '/api/users/me', { token })).status).toBe(200);
      expect((await quiet.request('POST', '/api/test/db-failure')).status).toBe(500);
      const lines = quiet.logText().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.filter((line) => line.url === '/api/users/me')).toEqual([]);
      expect(lines.filter((line) => line.msg === 'request failed')).toEqual([
        // The request id binds the line to its request (the request's logger is made for it).
        expect.objectContaining({ reqId: expect.any(String), method: 'POST', url: '/api/test/db-failure', route: '/api/test/db-failure' }),
      ]);
    } finally {
      await quiet.close();
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/ws?token=abc', '/ws?token=[redacted]'],
    ['/ws/123?x=1&token=abc&y=2', '/ws/123?x=1&token=[redacted]&y=2'],
    ['/ws?TOKEN=abc', '/ws?TOKEN=[redacted]'],
    ['/ws/?ticket=abc.def', '/ws/?ticket=[redacted]'],
    ['/ws?%74oken=abc', '/ws?%74oken=[redacted]'],
    ['/api/auth/reset-password/abc?x=1', '/api/auth/reset-password/[redacted]?x=1'],
    ['/reset-password/abc', '/reset-password/[redacted]'],
    ['/join-guest/K7M4QX', '/join-guest/[redacted]'],
    ['/join/K7M4QX', '/join/[redacted]'],
    ['/api/users/me', '/api/users/me'],
    ['/api/users/search?username=token', '/api/users/search?username=token'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('serializeError', () => {
  it('drops query parameters of database errors but keeps the SQL and the cause code', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: '23505', params: ['secret'] });
    const error = Object.assign(new Error('Failed query: insert into t values ($1)\nparams: secret'), {
      query: 'insert into t values ($1)',
      params: ['secret'],
      cause,
    });
    const out = serializeError(error);
    expect(JSON.stringify(out)).not.toContain('secret');
    expect(out.message).toBe('Failed query: insert into t values ($1)');
    expect(out.cause).toEqual({ type: 'Error', message: 'duplicate key value violates unique constraint "x"', code: '23505' });
  });
});
