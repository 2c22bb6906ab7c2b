/** The route tree (code-based, no generator) and the router. */
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { UnexpectedError } from '../features/shell/unexpected-error';
import { protectedTree } from './protected';
import { publicRoutes } from './public';
import { rootRoute } from './root';

const routeTree = rootRoute.addChildren([...publicRoutes, protectedTree]);

/** A factory so tests can drive the real route tree with a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    defaultNotFoundComponent: UnexpectedError,
    defaultErrorComponent: UnexpectedError,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
