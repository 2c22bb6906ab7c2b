/** The last net: a value the database refuses (SQLSTATE class 22) that got past a route is a 400, not a 500. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVALID_VALUE_MESSAGE, INTERNAL_ERROR_MESSAGE } from '../../server/errors';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    setup(app) {
      // Test-only routes that pass the query string straight to the database, as a route with a forgotten check would.
      app.get<{ Querystring: { n: string } }>('/test/int4', async (request) => {
        await app.deps.db.execute(sql`SELECT ${request.query.n}::int4 AS n`);
        return { ok: true };
      });
      app.get('/test/broken', async () => {
        await app.deps.db.execute(sql`SELECT * FROM no_such_table`);
        return { ok: true };
      });
    },
  });
});
afterAll(async () => {
  await server?.close();
});

it('an int4 overflow, a year 0 and text for a number answer 400 with a plain message', async () => {
  for (const n of ['2147483648', 'abc']) {
    const answer = await server.request('GET', `/test/int4?n=${n}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: INVALID_VALUE_MESSAGE });
  }
  expect(server.logText()).toContain('database refused a value from the request');
});

it('a database error that is not about a value is still a 500 (a bug must stay visible)', async () => {
  const answer = await server.request('GET', '/test/broken');
  expect(answer.status).toBe(500);
  expect(answer.body).toEqual({ message: INTERNAL_ERROR_MESSAGE });
});
