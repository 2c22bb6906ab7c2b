import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from '../../src/contract/limits';
import { ServerText, type LoginResponse, type User } from '../../src/contract/users';
import { authTokens, users } from '../../server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { startServer, unique, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/users (register)', () => {
  it('creates the account and answers the user without any secret', async () => {
    const username = unique('Reg');
    const answer = await server.request<User>('POST', '/api/users', {
      body: { email: `  ${username}@Example.com `, username: ` ${username} `, password: 'correct horse' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username,
      displayName: null,
      email: `${username}@Example.com`,
      avatarUrl: null,
      defaultDeckId: null,
    });
    expect(answer.text).not.toContain('correct horse');
    expect(answer.text.toLowerCase()).not.toContain('hash');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, answer.body.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken username or e-mail ignoring case, naming which', async () => {
    const { username, email } = await server.register('Dup');
    const sameName = await server.request('POST', '/api/users', {
      body: { email: `other-${email}`, username: username.toUpperCase(), password: 'password1' },
    });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ message: 'That username is already taken.' });
    const sameMail = await server.request('POST', '/api/users', {
      body: { email: email.toUpperCase(), username: unique('x'), password: 'password1' },
    });
    expect(sameMail.status).toBe(409);
    expect(sameMail.body).toEqual({ message: 'An account with that e-mail already exists.' });
  });

  it('lets exactly one of many simultaneous sign-ups with one username win (the unique index decides)', async () => {
    const username = unique('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        server.request('POST', '/api/users', { body: { email: `${username}-${i}@example.com`, username, password: 'password1' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await server.database.db.select().from(users).where(sql`lower(${users.username}) = ${username}`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ username: 'abcd', password: 'password1' }, 'Email is required.'],
    [{ email: 'not-an-email', username: 'abcd', password: 'password1' }, 'Enter a valid email address.'],
    [{ email: 'a@example.com', password: 'password1' }, 'Username is required.'],
    [{ email: 'a@example.com', username: 'ab', password: 'password1' }, 'Username must be 3 to 32 characters.'],
    [{ email: 'a@example.com', username: 'abcd', password: 'short' }, 'Password must be at least 8 characters.'],
    [{ email: 'a@example.com', username: 'abcd', password: 12345678 }, 'Password is required.'],
    [{ email: 'a@example.com', username: 'abcd', password: 'x'.repeat(257) }, 'Password must be at most 256 characters.'],
  ])('answers 400 with the first problem for %j', async (body, message) => {
    const answer = await server.request('POST', '/api/users', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });
});

describe('POST /api/users/login', () => {
  it('answers a token and the user; the token works as a Bearer credential', async () => {
    const { username, password, user } = await server.register('Log');
    const answer = await server.request<LoginResponse>('POST', '/api/users/login', { body: { username: username.toUpperCase(), password } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual(user);
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await server.request<User>('GET', '/api/users/me', { token: answer.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(user);
    // Only the hash of the token is stored.
    const stored = await server.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(answer.body.token);
  });

  it('gives one message for a wrong password and for an unknown user', async () => {
    const { username } = await server.register('Wrong');
    const wrongPassword = await server.request('POST', '/api/users/login', { body: { username, password: 'not the password' } });
    const unknownUser = await server.request('POST', '/api/users/login', { body: { username: unique('nobody'), password: 'whatever1' } });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: ServerText.invalidCredentials });
    expect(unknownUser.body).toEqual({ message: ServerText.invalidCredentials });
  });

  it.each([
    [{}, 'Username is required.'],
    [{ username: 'abc' }, 'Password is required.'],
    [{ username: '', password: 'x' }, 'Username is required.'],
    [{ username: ['abc'], password: 'x' }, 'Username is required.'],
  ])('answers 400 for %j', async (body, message) => {
    const answer = await server.request('POST', '/api/users/login', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });
});

describe('tokens', () => {
  it('401 without a token, with a malformed one, and with an unknown one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer abc', `Bearer ${'A'.repeat(43)}`, 'Basic dXNlcjpwYXNz']) {
      const answer = await server.request('GET', '/api/users/me', { headers: authorization ? { authorization } : {} });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: ServerText.unauthorized });
    }
  });

  it('logout revokes the presented token only', async () => {
    const { username, password } = await server.register('Out');
    const first = await server.login(username, password);
    const second = await server.login(username, password);
    const out = await server.request('POST', '/api/users/logout', { token: first.token });
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    expect((await server.request('GET', '/api/users/me', { token: first.token })).status).toBe(401);
    expect((await server.request('GET', '/api/users/me', { token: second.token })).status).toBe(200);
    expect((await server.request('POST', '/api/users/logout', { token: first.token })).status).toBe(401);
  });

  it('a token expires 30 days after login', async () => {
    const { token } = await server.newUser('Exp');
    server.advanceClock(TOKEN_TTL_MS - 60_000);
    try {
      expect((await server.request('GET', '/api/users/me', { token })).status).toBe(200);
      server.advanceClock(120_000);
      const expired = await server.request('GET', '/api/users/me', { token });
      expect(expired.status).toBe(401);
      expect(expired.body).toEqual({ message: ServerText.unauthorized });
    } finally {
      server.advanceClock(-TOKEN_TTL_MS - 60_000);
    }
  });
});

describe('PUT /api/users/me', () => {
  it('updates given fields only; blank display name becomes null', async () => {
    const { token, user } = await server.newUser('Me');
    const named = await server.request<User>('PUT', '/api/users/me', { token, body: { displayName: '  Ana the Bold  ' } });
    expect(named.status).toBe(200);
    expect(named.body).toEqual({ ...user, displayName: 'Ana the Bold' });
    const created = await server.request<{ id: string }>('POST', '/api/decks', { token, body: { name: 'Deck one' } });
    const deck = await server.request<User>('PUT', '/api/users/me', { token, body: { defaultDeckId: created.body.id } });
    expect(deck.body).toEqual({ ...user, displayName: 'Ana the Bold', defaultDeckId: created.body.id });
    const blank = await server.request<User>('PUT', '/api/users/me', { token, body: { displayName: '   ', defaultDeckId: null } });
    expect(blank.body).toEqual({ ...user, displayName: null, defaultDeckId: null });
    const newEmail = `${unique('new')}@example.com`;
    const mail = await server.request<User>('PUT', '/api/users/me', { token, body: { email: newEmail } });
    expect(mail.body.email).toBe(newEmail);
    const me = await server.request<User>('GET', '/api/users/me', { token });
    expect(me.body).toEqual({ ...user, email: newEmail });
  });

  it("refuses another account's e-mail (any case) with 409 and changes nothing", async () => {
    const other = await server.register('Other');
    const { token, user } = await server.newUser('Mine');
    const answer = await server.request('PUT', '/api/users/me', { token, body: { email: other.email.toUpperCase(), displayName: 'X' } });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: 'An account with that e-mail already exists.' });
    expect((await server.request<User>('GET', '/api/users/me', { token })).body).toEqual(user);
  });

  it.each([
    [{ displayName: 5 }, 'displayName: Invalid input: expected string, received number'],
    [{ displayName: 'x'.repeat(65) }, 'Display name must be at most 64 characters.'],
    [{ email: 'nope' }, 'Enter a valid email address.'],
    [{ defaultDeckId: 'd'.repeat(65) }, 'Too big: expected string to have <=64 characters'],
  ])('answers 400 for %j and changes nothing', async (body, message) => {
    const { token, user } = await server.newUser('Bad');
    const answer = await server.request<{ message: string }>('PUT', '/api/users/me', { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect((await server.request<User>('GET', '/api/users/me', { token })).body).toEqual(user);
  });

  it('needs a token', async () => {
    expect((await server.request('PUT', '/api/users/me', { body: { displayName: 'x' } })).status).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after too many failures for one username, then lets the right password through after the window', async () => {
    const limited = await startServer({
      rateLimits: { loginPerUsername: { points: 3, durationSeconds: 2 }, loginPerIp: { points: 100, durationSeconds: 60 } },
    });
    try {
      const { username, password } = await limited.register('Rl');
      for (let i = 0; i < 3; i += 1) {
        const wrong = await limited.request('POST', '/api/users/login', { body: { username, password: 'wrong-password' } });
        expect(wrong.status).toBe(401);
      }
      const blocked = await limited.request('POST', '/api/users/login', { body: { username: username.toUpperCase(), password } });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: ServerText.tooManyRequests });
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      // Another username from the same address is not blocked by this one's count.
      const other = await limited.register('Rl2');
      expect((await limited.request('POST', '/api/users/login', { body: { username: other.username, password: other.password } })).status).toBe(200);

      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
      expect((await limited.request('POST', '/api/users/login', { body: { username, password } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits failures per address across usernames', async () => {
    const limited = await startServer({
      rateLimits: { loginPerUsername: { points: 100, durationSeconds: 60 }, loginPerIp: { points: 2, durationSeconds: 60 } },
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        expect((await limited.request('POST', '/api/users/login', { body: { username: unique('g'), password: 'guess1234' } })).status).toBe(401);
      }
      const blocked = await limited.request('POST', '/api/users/login', { body: { username: unique('g'), password: 'guess1234' } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
    } finally {
      await limited.close();
    }
  });
});
