import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from '../../src/contract/limits';
import { USERNAME_CHARACTERS_TEXT } from '../../src/contract/username';
import { AccountText, ServerText, type LoginResponse, type User } from '../../src/contract/users';
import { usernameKey } from '../../server/users/username-key';
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
  it('creates the account (NFKC username, trimmed e-mail), answers a neutral message and mails a welcome', async () => {
    const username = unique('Reg');
    const answer = await server.request('POST', '/api/users', {
      body: { email: `  ${username}@Example.com `, username: ` ${username} `, password: 'correct horse' },
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: AccountText.registered });
    expect(answer.text).not.toContain('correct horse');
    const [row] = await server.database.db.select().from(users).where(eq(users.username, username));
    expect(row).toMatchObject({ email: `${username}@Example.com`, displayName: null, usernameKey: usernameKey(username) });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const welcome = await server.waitForMail((mail) => mail.includes('Subject: Welcome to PodTable') && mail.includes(username));
    expect(welcome.toLowerCase()).toContain(`to: ${username.toLowerCase()}@example.com`);
    const login = await server.login(username, 'correct horse');
    expect(login.user).toEqual({ id: row!.id, username, displayName: null, email: `${username}@Example.com`, avatarUrl: null, defaultDeckId: null, rev: 1 });
  });

  it('refuses a taken username ignoring case and look-alikes', async () => {
    const { username } = await server.register('dup');
    for (const lookAlike of [username.toUpperCase(), username.replace(/^d/, 'ｄ'), username.replace('p', 'р')]) {
      const answer = await server.request('POST', '/api/users', { body: { email: `${unique('x')}@example.com`, username: lookAlike, password: 'password1' } });
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: 'That username is already taken.' });
    }
  });

  it('answers a taken e-mail exactly like a free one (no enumeration), creates nothing and mails the owner', async () => {
    const owner = await server.register('Owner');
    const username = unique('x');
    const answer = await server.request('POST', '/api/users', { body: { email: owner.email.toUpperCase(), username, password: 'password1' } });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: AccountText.registered });
    expect(await server.database.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);
    const note = await server.waitForMail((mail) => mail.includes('Subject: Your PodTable e-mail address was used') && mail.includes(owner.username));
    expect(note.toLowerCase()).toContain(`to: ${owner.email.toLowerCase()}`);
    expect(note).not.toContain(username);
    expect(server.logText()).toContain('"security":"register with an address in use"');
  });

  it.each([['ab\u200bcd'], ['a\u202ebcd'], ['two words'], ['_under'], ['tab\tname'], ['emoji\u{1f600}x'], ['bell\u0007x']])('refuses the username %j with 400', async (username) => {
    const answer = await server.request('POST', '/api/users', { body: { email: `${unique('z')}@example.com`, username, password: 'password1' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: USERNAME_CHARACTERS_TEXT });
  });

  it('lets exactly one of many simultaneous sign-ups with one username win (the unique index decides)', async () => {
    const username = unique('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        server.request('POST', '/api/users', { body: { email: `${username}-${i}@example.com`, username, password: 'password1' } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409]);
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
    // A look-alike spelling of the name finds the same account (one key per name).
    const cyrillicO = username.replace('o', '\u043e');
    expect(cyrillicO).not.toBe(username);
    expect((await server.request('POST', '/api/users/login', { body: { username: cyrillicO, password } })).status).toBe(200);
    expect(answer.body.user).toEqual(user);
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await server.request<User>('GET', '/api/users/me', { token: answer.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(user);
    // Only the hash of the token is stored (the helper's register logged in once, this test twice).
    const stored = await server.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(stored).toHaveLength(3);
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
    // Both are security log lines naming the username, never the password.
    expect(server.logText()).toMatch(new RegExp(`"security":"login failed","username":"${username}","userId":"[0-9a-f-]{36}","ip":"127.0.0.1","reason":"wrong password"`));
    expect(server.logText()).toContain('"reason":"unknown username"');
    expect(server.logText()).not.toContain('not the password');
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
    expect(named.body).toEqual({ ...user, displayName: 'Ana the Bold', rev: 2 });
    const created = await server.request<{ id: string }>('POST', '/api/decks', { token, body: { name: 'Deck one' } });
    const deck = await server.request<User>('PUT', '/api/users/me', { token, body: { defaultDeckId: created.body.id } });
    expect(deck.body).toEqual({ ...user, displayName: 'Ana the Bold', defaultDeckId: created.body.id, rev: 3 });
    const blank = await server.request<User>('PUT', '/api/users/me', { token, body: { displayName: '   ', defaultDeckId: null } });
    expect(blank.body).toEqual({ ...user, displayName: null, defaultDeckId: null, rev: 4 });
  });

  it('an e-mail in the patch needs the current password: 400 without, 403 when wrong; the address never changes here', async () => {
    const { token, user, password } = await server.newUser('Mine');
    const newEmail = `${unique('new')}@example.com`;
    const without = await server.request('PUT', '/api/users/me', { token, body: { email: newEmail, displayName: 'X' } });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ message: AccountText.currentPasswordRequired });
    const wrong = await server.request('PUT', '/api/users/me', { token, body: { email: newEmail, currentPassword: 'not it at all' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: AccountText.currentPasswordWrong });
    expect((await server.request<User>('GET', '/api/users/me', { token })).body).toEqual(user);
    // The same address (any case) is no change and needs nothing.
    const same = await server.request<User>('PUT', '/api/users/me', { token, body: { email: user.email.toUpperCase(), displayName: 'Y' } });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ ...user, displayName: 'Y', rev: user.rev! + 1 });
    // With the right password it starts the confirmed change: still the old address until the link is opened.
    const right = await server.request<User>('PUT', '/api/users/me', { token, body: { email: newEmail, currentPassword: password } });
    expect(right.status).toBe(200);
    expect(right.body.email).toBe(user.email);
    await server.waitForMail((mail) => mail.includes('Subject: Confirm your new PodTable e-mail address') && mail.includes(`To: ${newEmail}`));
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

describe('login brake', () => {
  const brakeServer = () =>
    startServer({ rateLimits: { loginBrake: { freeFailuresPerPair: 3, baseDelaySeconds: 1, maxDelaySeconds: 2, accountSourceLimit: 3 } }, config: { trustProxy: true } });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('slows one address guessing one account with a growing delay, and never stops the owner on another address', async () => {
    const limited = await brakeServer();
    try {
      const { username, password } = await limited.register('Br');
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.request('POST', '/api/users/login', { headers: from('203.0.113.7'), body: { username, password: 'wrong-password' } })).status).toBe(401);
      }
      const braked = await limited.request('POST', '/api/users/login', { headers: from('203.0.113.7'), body: { username, password } });
      expect(braked.status).toBe(429);
      expect(braked.body).toEqual({ message: ServerText.tooManyRequests });
      expect(Number(braked.headers.get('retry-after'))).toBe(1);
      expect(limited.logText()).toContain('"security":"login brake hit"');
      expect(limited.logText()).toMatch(/"scope":"pair"/);

      // The owner, elsewhere, logs in at once.
      expect((await limited.request('POST', '/api/users/login', { headers: from('198.51.100.1'), body: { username, password } })).status).toBe(200);

      // After the delay the attacker's address may try again; one more failure doubles it.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await limited.request('POST', '/api/users/login', { headers: from('203.0.113.7'), body: { username, password: 'wrong-again' } })).status).toBe(401);
      const longer = await limited.request('POST', '/api/users/login', { headers: from('203.0.113.7'), body: { username, password } });
      expect(longer.status).toBe(429);
      expect(Number(longer.headers.get('retry-after'))).toBe(2);
    } finally {
      await limited.close();
    }
  });

  it('locks the account only when failures come from many addresses, and then not for an address the owner used before', async () => {
    const limited = await brakeServer();
    try {
      const { username, password } = await limited.register('Many');
      expect((await limited.request('POST', '/api/users/login', { headers: from('198.51.100.1'), body: { username, password } })).status).toBe(200);
      for (const ip of ['203.0.113.1', '203.0.113.2']) {
        expect((await limited.request('POST', '/api/users/login', { headers: from(ip), body: { username, password: 'guess-1234' } })).status).toBe(401);
      }
      // Two sources: a newcomer address still gets in with the right password.
      expect((await limited.request('POST', '/api/users/login', { headers: from('192.0.2.50'), body: { username, password } })).status).toBe(200);
      expect((await limited.request('POST', '/api/users/login', { headers: from('203.0.113.3'), body: { username, password: 'guess-1234' } })).status).toBe(401);
      // Three sources: unknown addresses wait, the owner's known addresses do not.
      const locked = await limited.request('POST', '/api/users/login', { headers: from('203.0.113.4'), body: { username, password } });
      expect(locked.status).toBe(429);
      expect(limited.logText()).toMatch(/"scope":"account"/);
      expect((await limited.request('POST', '/api/users/login', { headers: from('198.51.100.1'), body: { username, password } })).status).toBe(200);
      expect((await limited.request('POST', '/api/users/login', { headers: from('192.0.2.50'), body: { username, password } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits failures per address across usernames', async () => {
    const limited = await startServer({ rateLimits: { loginBrake: { failuresPerIp: { points: 2, durationSeconds: 60 } } } });
    try {
      for (let i = 0; i < 2; i += 1) {
        expect((await limited.request('POST', '/api/users/login', { body: { username: unique('g'), password: 'guess1234' } })).status).toBe(401);
      }
      const blocked = await limited.request('POST', '/api/users/login', { body: { username: unique('g'), password: 'guess1234' } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(limited.logText()).toMatch(/"scope":"ip"/);
    } finally {
      await limited.close();
    }
  });
});
