/**
 * Route-level code splitting (docs/first-load.md). Every page except the landing page is its own
 * chunk, loaded by the router with its route: on navigation before it renders, and on intent
 * (hover, touch, focus of a link) ahead of it.
 */
import { lazyRouteComponent, type AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export { lazyRouteComponent as lazyPage };

interface Preloadable {
  preload?: () => Promise<void> | undefined;
}

/**
 * For a route whose own component reads params or search and renders a lazy page: gives it the
 * page's preload, so the router fetches the page's chunk with the route instead of on render.
 */
export function preloadsWith(component: () => ReactNode, page: Preloadable) {
  // After loading, lazyRouteComponent drops its preload: then there is nothing left to fetch.
  return Object.assign(component, { preload: async () => page.preload?.() });
}

/**
 * Fetches the code of every route matching `href` (layouts and page) without running guards or
 * loaders: for the page the user is about to reach but may not preload yet, e.g. the dashboard
 * while still on the login form.
 */
export async function preloadRouteCode(router: AnyRouter, href: string): Promise<void> {
  const pathname = href.split(/[?#]/)[0] || '/';
  const [routes] = router.getMatchedRoutes(pathname);
  await Promise.all(routes.map((route) => router.loadRouteChunk(route)));
}
