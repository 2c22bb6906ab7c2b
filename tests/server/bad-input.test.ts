/** Whatever arrives, the answer is JSON {message} with an honest 4xx, and nothing is stored or broken. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/contract/users';
import { users } from '../../server/db/schema';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
let token: string;
let me: User;
const RESET_PATH = `/api/auth/reset-password/${'A'.repeat(43)}`;

beforeAll(async () => {
  server = await startServer();
  const created = await server.newUser('bad');
  token = created.token;
  me = created.user;
});
afterAll(async () => {
  await server?.close();
});

const writeRoutes: Array<[string, string]> = [
  ['POST', '/api/users'],
  ['POST', '/api/users/login'],
  ['PUT', '/api/users/me'],
  ['POST', '/api/auth/forgot-password'],
  ['PATCH', RESET_PATH],
];

function expectJsonError(answer: { status: number; headers: Headers; body: unknown }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.body).toEqual({ message: expect.any(String) });
  expect((answer.body as { message: string }).message.length).toBeGreaterThan(0);
}

describe.each(writeRoutes)('%s %s', (method, path) => {
  const send = (raw: BodyInit | undefined, contentType?: string) =>
    server.request(method, path, { token, raw, headers: contentType ? { 'content-type': contentType } : {} });

  it('malformed JSON → 400', async () => {
    const answer = await send('{"username": "abc", "password": ', 'application/json');
    expectJsonError(answer, 400);
    expect(answer.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('a body over 64 KB → 413', async () => {
    const answer = await send(JSON.stringify({ username: 'x'.repeat(70 * 1024), password: 'y' }), 'application/json');
    expectJsonError(answer, 413);
    expect(answer.body).toEqual({ message: 'The request body is too large.' });
  });

  it.each([['[]'], ['[{"email":"a@b.co"}]'], ['null'], ['"text"'], ['42'], ['true']])('JSON %s instead of an object → 400', async (raw) => {
    const answer = await send(raw, 'application/json');
    expectJsonError(answer, 400);
  });

  it('no body at all → 400', async () => {
    expectJsonError(await send(undefined), 400);
  });

  it('an empty JSON body → 400', async () => {
    expectJsonError(await send('', 'application/json'), 400);
  });

  it('text/plain → 400, XML → 415', async () => {
    expectJsonError(await send('username=abc&password=def', 'text/plain'), 400);
    expectJsonError(await send('<user/>', 'application/xml'), 415);
  });

  it('a __proto__ key → 400', async () => {
    expectJsonError(await send('{"__proto__": {"admin": true}, "email": "a@b.co"}', 'application/json'), 400);
  });

  it('wrong types in every field → 400', async () => {
    const answer = await send(JSON.stringify({ email: 1, username: {}, password: [], displayName: 5, newPassword: false }), 'application/json');
    expectJsonError(answer, 400);
  });
});

describe('routes and methods', () => {
  it('unknown /api paths and methods → JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/users/me/extra'],
      ['PATCH', '/api/users/me/export'],
      ['GET', '/api'],
    ] as const) {
      const answer = await server.request(method, path, { token });
      expectJsonError(answer, 404);
    }
  });

  it('unknown non-API paths without a built app → JSON 404', async () => {
    expectJsonError(await server.request('GET', '/dashboard', { headers: { accept: 'text/html' } }), 404);
  });

  it('avatar upload sent as JSON → 415', async () => {
    const answer = await server.request('POST', '/api/users/avatar', { token, body: { avatar: 'data:image/png;base64,AAAA' } });
    expectJsonError(answer, 415);
  });

  it('a bad user id in a path → 404, not a database error', async () => {
    expectJsonError(await server.request('GET', "/api/users/1' OR '1'='1/avatar"), 404);
    expectJsonError(await server.request('GET', '/api/users/not-a-uuid/avatar'), 404);
    expectJsonError(await server.request('GET', '/api/users/%E0%A4%A/avatar'), 400);
  });

  it('search with a repeated parameter → 400', async () => {
    expectJsonError(await server.request('GET', '/api/users/search?username=a&username=b', { token }), 400);
  });
});

it('after all that, the stored data is unchanged and the server still answers', async () => {
  const answer = await server.request<User>('GET', '/api/users/me', { token });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(me);
  const rows = await server.database.db.select().from(users);
  expect(rows).toHaveLength(1);
  expect(server.logText()).not.toMatch(/"statusCode":500/);
});
