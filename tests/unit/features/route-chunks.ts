/**
 * Loads the code of every route of a router once (the pages are lazy chunks), as the installed
 * app has them precached: tests then see pages render at once instead of waiting for Vitest to
 * transform a page's modules on first use.
 */
import type { AnyRouter } from '@tanstack/react-router';

export async function loadEveryRouteChunk(router: AnyRouter): Promise<void> {
  await Promise.all(Object.values(router.routesById).map((route) => router.loadRouteChunk(route)));
}
