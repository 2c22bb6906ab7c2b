/**
 * The authorization table (ROUTES in ./routes.ts) must name every /api route the server serves,
 * once, and nothing else: the served list comes from the server itself (server/route-list.ts,
 * Fastify's onRoute hook), so a route added without a row fails the suite with a message
 * naming the route and this file. What the route's options say is taken from the server, not
 * written twice: whether it needs a user (every /api route not marked public), and the query
 * parameters its schema declares. A row gives what the server cannot: a well-formed body to
 * start from (required when the route declares a body) and which fixture its path names.
 */
import type * as z from 'zod/mini';
import type { RegisteredRoute } from '../../../server/route-list';
import type { RouteSpec } from './routes';

export const ROUTE_TABLE_FILE = 'tests/server/fuzz/routes.ts';

const key = (method: string, path: string) => `${method} ${path}`;

/** A row with what the server says about its route. */
export interface ServedRouteSpec extends RouteSpec {
  /** Needs a bearer token: an anonymous caller must never get a 2xx. */
  authenticated: boolean;
  /** The query parameters the route's schema declares. */
  query: readonly string[];
}

/** The keys of a zod object schema (through a pipe's input), e.g. a querystring's parameters. */
function objectKeys(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: { shape?: Record<string, unknown>; in?: unknown } } } | undefined)?._zod?.def;
  if (!def) return [];
  if (def.shape) return Object.keys(def.shape);
  return def.in ? objectKeys(def.in as z.core.$ZodType) : [];
}

/** Everything wrong between the served /api routes and the table's rows (empty = they match). */
export function routeTableProblems(served: readonly RegisteredRoute[], rows: readonly RouteSpec[]): string[] {
  const servedRoutes = new Map(served.filter((route) => route.path.startsWith('/api/')).map((route) => [key(route.method, route.path), route]));
  const rowKeys = new Map<string, number>();
  for (const row of rows) rowKeys.set(key(row.method, row.path), (rowKeys.get(key(row.method, row.path)) ?? 0) + 1);
  const problems: string[] = [];
  for (const route of servedRoutes.keys()) {
    if (!rowKeys.has(route)) {
      problems.push(`${route} is served but has no row in the authorization table: add one to ROUTES in ${ROUTE_TABLE_FILE} (its scope, a body).`);
    }
  }
  for (const [row, count] of rowKeys) {
    if (!servedRoutes.has(row)) problems.push(`${row} has a row in ROUTES (${ROUTE_TABLE_FILE}) but the server serves no such route: remove or rename the row.`);
    if (count > 1) problems.push(`${row} has ${count} rows in ROUTES (${ROUTE_TABLE_FILE}): keep one.`);
  }
  for (const row of rows) {
    const route = servedRoutes.get(key(row.method, row.path));
    if (route?.schema?.body && !row.body) problems.push(`${key(row.method, row.path)} declares a body schema: give its row in ROUTES (${ROUTE_TABLE_FILE}) a well-formed body.`);
    if (route && !route.schema?.body && row.body) problems.push(`${key(row.method, row.path)} has a body in ROUTES (${ROUTE_TABLE_FILE}) but declares no body schema: declare it on the route.`);
  }
  return problems;
}

/** The rows with what the server's routes declare (rows naming no served route are left out: routeTableProblems reports them). */
export function servedSpecs(served: readonly RegisteredRoute[], rows: readonly RouteSpec[]): ServedRouteSpec[] {
  const byKey = new Map(served.map((route) => [key(route.method, route.path), route]));
  return rows.flatMap((row) => {
    const route = byKey.get(key(row.method, row.path));
    return route ? [{ ...row, authenticated: route.authenticated, query: objectKeys(route.schema?.querystring) }] : [];
  });
}
