/**
 * Every route the app registers, as (method, path) with what its options declare (whether it
 * needs a user, its schemas), collected by Fastify's `onRoute` hook from the moment
 * `trackRoutes` is called (server/app.ts calls it before any route is added). The OpenAPI
 * document is built from this list (server/http/openapi.ts), and the authorization tests
 * compare it with their table (tests/server/fuzz/routes.ts), so a new route without a row there
 * fails. HEAD routes Fastify adds for each GET are left out.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { routeRequiresUser } from './auth/authenticate';

export interface RegisteredRoute {
  method: string;
  path: string;
  /** A bearer token is required (401 without one): every /api route not marked `config.public`. */
  authenticated: boolean;
  /** The schemas its options declare (zod schemas from src/contract), if any. */
  schema?: FastifySchema;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (route) => {
    const authenticated = routeRequiresUser(route.url, route.config);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') list.push({ method, path: route.url, authenticated, ...(route.schema ? { schema: route.schema } : {}) });
    }
  });
}

/** The routes `app` registered since `trackRoutes`, in registration order. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}
