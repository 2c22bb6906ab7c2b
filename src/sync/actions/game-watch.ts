/**
 * The TV link of a game (src/contract/game-watch.ts): online-only REST calls, never queued (the
 * token is a server-made secret). A call made offline rejects with the api's NetworkError.
 * The server never shows a token again, so the one this device made is remembered in memory
 * per game (`shown`) while the page lives and while the server says that same link is live;
 * a link made on another phone, or before a reload, shows as "live" without its address, and
 * "New link" gives a fresh one.
 */
import { watchLinkCreatedSchema, watchLinkStateSchema, type WatchLinkState } from '../../contract/game-watch';
import type { SyncContext } from '../engine/context';

/** What the TV sheet shows: the server's state, and the token when this device made the live link. */
export interface WatchLinkShown extends WatchLinkState {
  token: string | null;
}

export interface GameWatchActions {
  read(gameId: string): Promise<WatchLinkShown>;
  /** A new link; the old one dies at once. */
  renew(gameId: string): Promise<WatchLinkShown>;
  /** Stop sharing: the live link dies. */
  stop(gameId: string): Promise<WatchLinkShown>;
}

export function gameWatchActions(ctx: SyncContext): GameWatchActions {
  const made = new Map<string, { token: string; createdAt: string }>();
  const path = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/watch-link`;
  const shown = (gameId: string, state: WatchLinkState): WatchLinkShown => {
    const mine = made.get(gameId);
    return { ...state, token: state.live && mine && mine.createdAt === state.createdAt ? mine.token : null };
  };
  return {
    async read(gameId) {
      return shown(gameId, watchLinkStateSchema.parse(await ctx.api.request('GET', path(gameId))));
    },
    async renew(gameId) {
      const created = watchLinkCreatedSchema.parse(await ctx.api.request('POST', path(gameId)));
      made.set(gameId, { token: created.token, createdAt: created.createdAt });
      return created;
    },
    async stop(gameId) {
      made.delete(gameId);
      return shown(gameId, watchLinkStateSchema.parse(await ctx.api.request('DELETE', path(gameId))));
    },
  };
}
