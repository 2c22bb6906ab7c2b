/**
 * The TV view of a game (src/contract/game-watch.ts, docs/playmat.md "TV view"). Online-only REST
 * calls, never queued: the token is a server-made secret.
 * - Making, reading and revoking the link: the game's creator and account players (strangers
 *   404). A new link needs an ACTIVE game (409 once it ended); revoking works at any time.
 * - GET /api/watch/{token} is public (no account): the spectator's view (watch-links.ts
 *   `watchView`), with a strong ETag; If-None-Match with the same tag answers 304 and no body,
 *   so a TV polling every second moves a few hundred bytes a second while nothing happens. With
 *   `Prefer: wait=N` as well, a 304 is held until the game changes (at most WATCH_WAIT_MAX_MS,
 *   watch-waits.ts), so a TV follows a tap as soon as it is stored. A
 *   malformed, wrong, revoked, renewed or expired token, and a deleted game, all answer the same
 *   404 WatchText.gone: no oracle. It spends the `watch` read budget per address
 *   (server/limits/policies.ts), counted before the token is read.
 * Lock order: game row → link rows (issue and revoke take the game's row lock first).
 */
import type { FastifyInstance } from 'fastify';
import { GameText } from '../../src/contract/game';
import { WatchText, isWatchToken, watchLinkCreatedSchema, watchLinkStateSchema, watchViewSchema, type WatchLinkState } from '../../src/contract/game-watch';
import { requireUser } from '../auth/authenticate';
import type { DbOrTx } from '../db/types';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../errors';
import { tokenParams, uuidParams } from '../http/params';
import { typed } from '../http/zod-validation';
import { pathGameId } from './game-requests';
import { GameServerText, findGame, loadGame } from './repo';
import { WatchWaits, preferredWaitMs } from './watch-waits';
import { findWatchLink, gameStillShows, issueWatchLink, liveWatchLink, revokeWatchLinks, watchEtag, watchView } from './watch-links';

const gone = () => notFound(WatchText.gone);

async function linkState(db: DbOrTx, gameId: string, game: Parameters<typeof gameStillShows>[0], now: Date): Promise<WatchLinkState> {
  const row = await liveWatchLink(db, gameId);
  return row && gameStillShows(game, now) ? { live: true, createdAt: row.createdAt.toISOString() } : { live: false, createdAt: null };
}

export function registerWatchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const api = typed(app);
  const waits = new WatchWaits(deps.hub, deps.metrics.watchWaits);

  api.get('/api/games/:id/watch-link', { schema: { params: uuidParams('id'), response: { 200: watchLinkStateSchema } } }, async (request) => {
    const me = requireUser(request);
    const game = await loadGame(db, pathGameId(request), me.id);
    if (!game) throw notFound(GameServerText.notFound);
    return linkState(db, game.id, game, deps.now());
  });

  api.post('/api/games/:id/watch-link', { schema: { params: uuidParams('id'), response: { 201: watchLinkCreatedSchema } } }, async (request, reply) => {
    const me = requireUser(request);
    const gameId = pathGameId(request);
    const now = deps.now();
    const { token, row } = await db.transaction(async (tx) => {
      const game = await loadGame(tx, gameId, me.id, true);
      if (!game) throw notFound(GameServerText.notFound);
      if (game.status !== 'ACTIVE') throw conflict(GameText.gameEnded);
      return issueWatchLink(tx, gameId, me.id, now);
    });
    request.log.info({ gameId, userId: me.id }, 'TV link issued');
    return reply.code(201).send({ live: true, createdAt: row.createdAt.toISOString(), token });
  });

  api.delete('/api/games/:id/watch-link', { schema: { params: uuidParams('id'), response: { 200: watchLinkStateSchema } } }, async (request) => {
    const me = requireUser(request);
    const gameId = pathGameId(request);
    await db.transaction(async (tx) => {
      const game = await loadGame(tx, gameId, me.id, true);
      if (!game) throw notFound(GameServerText.notFound);
      await revokeWatchLinks(tx, gameId, deps.now());
    });
    request.log.info({ gameId, userId: me.id }, 'TV link revoked');
    return { live: false, createdAt: null };
  });

  // Untyped (as the avatar route): a 304 has no body, which a typed route's declared answers cannot say.
  app.get<{ Params: { token: string } }>(
    '/api/watch/:token',
    { config: { public: true, readLimit: 'watch' }, schema: { params: tokenParams, response: { 200: watchViewSchema } } },
    async (request, reply) => {
      const token = request.params.token;
      if (!isWatchToken(token)) throw gone();
      const seen = request.headers['if-none-match'];
      let current = await currentView(db, token, deps.now());
      const waitMs = preferredWaitMs(request.headers.prefer);
      if (current.etag === seen && waitMs > 0 && waits.admits(request.ip)) {
        // Held until the game changes, the wait ends or the client goes (watch-waits.ts).
        const left = new AbortController();
        const onClose = () => left.abort();
        reply.raw.once('close', onClose);
        const until = Date.now() + waitMs;
        try {
          while (current.etag === seen && !left.signal.aborted && Date.now() < until) {
            const changed = await waits.wait(request.ip, current.game.createdById, current.game.id, until - Date.now(), left.signal);
            if (changed) current = await currentView(db, token, deps.now());
          }
        } finally {
          reply.raw.off('close', onClose);
        }
        // A link revoked or a game ended while it waited answers as such (no event wakes for those).
        if (current.etag === seen && !left.signal.aborted) current = await currentView(db, token, deps.now());
      }
      reply.header('etag', current.etag).header('cache-control', 'no-cache');
      if (current.etag === seen) return reply.code(304).send();
      return current.view;
    },
  );
}

/** The spectator's view behind a token now, with its ETag; the one 404 when there is none. */
async function currentView(db: DbOrTx, token: string, now: Date) {
  const link = await findWatchLink(db, token);
  const game = link ? await findGame(db, link.gameId) : undefined;
  if (!game || !gameStillShows(game, now)) throw gone();
  const view = watchView(game);
  return { game, view, etag: watchEtag(JSON.stringify(view)) };
}
