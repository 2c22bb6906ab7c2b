/**
 * Account deletion and data export (ours; the spec is silent), online only and authenticated:
 * - DELETE /api/users/me {password}: delete-account.ts; 403 when the password is wrong (counted by
 *   the login brake), 204 when done;
 * - GET /api/users/me/export: one JSON file (account-export.ts), as an attachment;
 * - GET /api/users/me/export/games.csv: the account's games as CSV (games-csv.ts).
 * Both downloads share the `export` read budget (server/limits/policies.ts): they scan everything
 * the account has. They take the bearer token like any request, so an installed app fetches them
 * and saves the answer; no token ever goes in a URL.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { deleteAccountBody } from '../../src/contract/account-data';
import { requireUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { consumeReadLimit } from '../limits/read-hooks';
import { typed } from '../http/zod-validation';
import { buildAccountExport, exportedGames, podNames } from './account-export';
import { deleteAccount } from './delete-account';
import { gamesCsv } from './games-csv';

/** `attachment` with an ASCII name and the exact UTF-8 one (usernames may hold any letter). */
function attachment(reply: FastifyReply, name: string): void {
  const ascii = name.replace(/[^A-Za-z0-9._-]/g, '_');
  reply.header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('cache-control', 'no-store');
}

export function registerAccountDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).delete('/api/users/me', { config: { limit: 'accountChange' }, schema: { body: deleteAccountBody } }, async (request, reply) => {
    const user = requireUser(request);
    const body = request.body;
    await deleteAccount(deps, request.log, { userId: user.id, ip: request.ip }, body.password);
    return reply.code(204).send();
  });

  app.get('/api/users/me/export', { config: { readLimit: false } }, async (request, reply) => {
    const user = requireUser(request);
    await consumeReadLimit(deps, 'export', user.id, request.ip);
    const now = deps.now();
    const { username, ...data } = await buildAccountExport(deps.db, user.id, now);
    attachment(reply, `podtable-export-${username}-${now.toISOString().slice(0, 10)}.json`);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
  });

  app.get('/api/users/me/export/games.csv', { config: { readLimit: false } }, async (request, reply) => {
    const user = requireUser(request);
    await consumeReadLimit(deps, 'export', user.id, request.ip);
    const now = deps.now();
    const csv = gamesCsv(user.id, await exportedGames(deps.db, user.id), await podNames(deps.db, user.id));
    attachment(reply, `podtable-games-${user.username}-${now.toISOString().slice(0, 10)}.csv`);
    return reply.type('text/csv; charset=utf-8').send(csv);
  });
}
