/**
 * Every route the app registers, as (method, path), collected by Fastify's `onRoute` hook from
 * the moment `trackRoutes` is called (server/app.ts calls it before any route is added). The
 * authorization tests compare it with their table (tests/server/fuzz/routes.ts), so a new route
 * without a row there fails. HEAD routes Fastify adds for each GET are left out.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  path: string;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registered.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, path: route.url });
  });
}

/** The routes `app` registered since `trackRoutes`, in registration order. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}
