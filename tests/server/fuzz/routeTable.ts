/**
 * The authorization table (ROUTES in ./routes.ts) must name every /api route the server serves,
 * once, and nothing else: the served list comes from the server itself (server/routeList.ts,
 * Fastify's onRoute hook), so a route added without a row fails the suite with a message
 * naming the route and this file.
 */
import type { RegisteredRoute } from '../../../server/routeList';
import type { RouteSpec } from './routes';

export const ROUTE_TABLE_FILE = 'tests/server/fuzz/routes.ts';

const key = (method: string, path: string) => `${method} ${path}`;

/** Everything wrong between the served /api routes and the table's rows (empty = they match). */
export function routeTableProblems(served: readonly RegisteredRoute[], rows: readonly RouteSpec[]): string[] {
  const servedKeys = new Set(served.filter((route) => route.path.startsWith('/api/')).map((route) => key(route.method, route.path)));
  const rowKeys = new Map<string, number>();
  for (const row of rows) rowKeys.set(key(row.method, row.path), (rowKeys.get(key(row.method, row.path)) ?? 0) + 1);
  const problems: string[] = [];
  for (const route of servedKeys) {
    if (!rowKeys.has(route)) {
      problems.push(`${route} is served but has no row in the authorization table: add one to ROUTES in ${ROUTE_TABLE_FILE} (its scope, a body, its queries).`);
    }
  }
  for (const [row, count] of rowKeys) {
    if (!servedKeys.has(row)) problems.push(`${row} has a row in ROUTES (${ROUTE_TABLE_FILE}) but the server serves no such route: remove or rename the row.`);
    if (count > 1) problems.push(`${row} has ${count} rows in ROUTES (${ROUTE_TABLE_FILE}): keep one.`);
  }
  return problems;
}
