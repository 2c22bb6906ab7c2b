import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_SEARCH_MAX_RESULTS } from '../../src/contract/limits';
import type { PublicUser } from '../../src/contract/users';
import { users } from '../../server/db/schema';
import { usernameKey } from '../../server/users/username-key';
import { startServer, unique, type TestServer } from './helpers';

let server: TestServer;
let token: string;
const tag = unique('dir');

async function registerNamed(username: string) {
  const answer = await server.request('POST', '/api/users', {
    body: { email: `${unique('m')}@example.com`, username, password: 'password1' },
  });
  expect(answer.status).toBe(202);
}

/** An account from before usernames were restricted to letters, digits and . _ - (a '%' can no longer be registered). */
async function insertLegacy(username: string) {
  await server.database.db.insert(users).values({ username, usernameKey: usernameKey(username), email: `${unique('m')}@example.com`, passwordHash: 'x' });
}

beforeAll(async () => {
  server = await startServer();
  ({ token } = await server.newUser('searcher'));
  await registerNamed(`${tag}_Alpha`);
  await registerNamed(`${tag}xAlpha`);
  await insertLegacy(`${tag}%beta`);
  await registerNamed(`${tag}zeta`);
});
afterAll(async () => {
  await server?.close();
});

const search = (q: string) => server.request<PublicUser[]>('GET', `/api/users/search?username=${encodeURIComponent(q)}`, { token });

describe('GET /api/users/search', () => {
  it('finds case-insensitive substrings and answers public fields only', async () => {
    const answer = await search(`${tag}_alpha`.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.body.map((u) => u.username)).toEqual([`${tag}_Alpha`]);
    expect(Object.keys(answer.body[0]!).sort()).toEqual(['avatarUrl', 'displayName', 'id', 'username']);
    expect(answer.text).not.toContain('@example.com');
  });

  it('takes % and _ literally', async () => {
    expect((await search(`${tag}_`)).body.map((u) => u.username)).toEqual([`${tag}_Alpha`]);
    expect((await search(`${tag}%`)).body.map((u) => u.username)).toEqual([`${tag}%beta`]);
    expect((await search('%')).body.map((u) => u.username)).toEqual([`${tag}%beta`]);
    expect((await search('\\')).body).toEqual([]);
  });

  it('lists exact and prefix matches first', async () => {
    const names = (await search('alpha')).body.map((u) => u.username);
    expect(names).toEqual([`${tag}_Alpha`, `${tag}xAlpha`]);
    const exact = (await search(`${tag}zeta`)).body.map((u) => u.username);
    expect(exact[0]).toBe(`${tag}zeta`);
  });

  it('blank or missing query → []', async () => {
    for (const path of ['/api/users/search?username=', '/api/users/search?username=%20%20', '/api/users/search']) {
      const answer = await server.request('GET', path, { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([]);
    }
  });

  it(`answers at most ${USER_SEARCH_MAX_RESULTS}`, async () => {
    const many = unique('many');
    for (let i = 0; i < USER_SEARCH_MAX_RESULTS + 3; i += 1) await registerNamed(`${many}-${i}`);
    expect((await search(many)).body).toHaveLength(USER_SEARCH_MAX_RESULTS);
  });

  it('needs a token', async () => {
    expect((await server.request('GET', '/api/users/search?username=a')).status).toBe(401);
  });
});

describe('GET /api/users', () => {
  it('lists everyone with public fields only, never an e-mail', async () => {
    const answer = await server.request<PublicUser[]>('GET', '/api/users', { token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((u) => u.username)).toEqual(expect.arrayContaining([`${tag}_Alpha`, `${tag}zeta`]));
    for (const user of answer.body) expect(Object.keys(user).sort()).toEqual(['avatarUrl', 'displayName', 'id', 'username']);
    expect(answer.text).not.toContain('@');
  });

  it('needs a token', async () => {
    expect((await server.request('GET', '/api/users')).status).toBe(401);
  });
});
