/**
 * GET /api/messages/search (src/contract/message-search.ts): the caller's messages — direct
 * messages they sent or received, messages of the pods they are in now — matching every query
 * word as a word prefix, newest first, deleted messages never. PostgreSQL full text with the
 * `simple` configuration (no stemming, any language), the same on PGlite.
 * Cost: at most SEARCH_RESULTS_MAX + 1 rows per kind leave the database; the `search` read
 * budget (server/limits/policies.ts) bounds how often. Each table has a GIN index on this very
 * expression, `to_tsvector('simple', content)` (server/db/schema/social.ts), so the planner can
 * find the matching rows before it filters them by who may see them.
 */
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { messageSearchQuery, messageSearchResult, SEARCH_RESULTS_MAX, searchWords } from '../../src/contract/message-search';
import { requireUser } from '../auth/authenticate';
import { directMessages, podMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { typed } from '../http/zod-validation';
import { directMessagesVisibleTo } from '../visibility/direct-messages';
import { podMessagesVisibleTo } from '../visibility/pods';
import { publicUsers, toDirectMessage, toPodMessage } from './views';

/** `'sleeve':* & 'red':*` — words are letters and digits only, and the whole query is a bound parameter. */
export function prefixQuery(q: string): string {
  return searchWords(q)
    .map((word) => `'${word}':*`)
    .join(' & ');
}

/** The predicate the text indexes answer; exported so a test can check the planner may use them. */
export function matchesSearch(content: typeof directMessages.content | typeof podMessages.content, tsquery: string): SQL {
  return sql`to_tsvector('simple', ${content}) @@ to_tsquery('simple', ${tsquery})`;
}

export function registerMessageSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  typed(app).get(
    '/api/messages/search',
    { schema: { querystring: messageSearchQuery, response: { 200: messageSearchResult } } },
    async (request) => {
      const me = requireUser(request).id;
      const { q, podId, peerId } = request.query;
      const tsquery = prefixQuery(q);
      const take = SEARCH_RESULTS_MAX + 1;
      const dmRows = podId
        ? []
        : await db
            .select()
            .from(directMessages)
            .where(
              and(
                directMessagesVisibleTo(me),
                peerId ? or(eq(directMessages.senderId, peerId), eq(directMessages.receiverId, peerId)) : undefined,
                isNull(directMessages.deletedAt),
                matchesSearch(directMessages.content, tsquery),
              ),
            )
            .orderBy(desc(directMessages.createdAt), desc(directMessages.id))
            .limit(take);
      const podRows = peerId
        ? []
        : await db
            .select()
            .from(podMessages)
            .where(
              and(
                podMessagesVisibleTo(db, me),
                podId ? eq(podMessages.podId, podId) : undefined,
                isNull(podMessages.deletedAt),
                matchesSearch(podMessages.content, tsquery),
              ),
            )
            .orderBy(desc(podMessages.createdAt), desc(podMessages.id))
            .limit(take);
      // The newest SEARCH_RESULTS_MAX of both lists together.
      type Hit = { at: number; id: string } & ({ dm: (typeof dmRows)[number]; pod?: undefined } | { pod: (typeof podRows)[number]; dm?: undefined });
      const merged = [...dmRows.map((row): Hit => ({ dm: row, at: row.createdAt.getTime(), id: row.id })), ...podRows.map((row): Hit => ({ pod: row, at: row.createdAt.getTime(), id: row.id }))]
        .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
        .slice(0, SEARCH_RESULTS_MAX);
      const keptDms = merged.flatMap((hit) => (hit.dm ? [hit.dm] : []));
      const keptPods = merged.flatMap((hit) => (hit.pod ? [hit.pod] : []));
      const more = dmRows.length + podRows.length > SEARCH_RESULTS_MAX;
      const people = await publicUsers(db, [...keptDms.flatMap((row) => [row.senderId, row.receiverId]), ...keptPods.map((row) => row.senderId)]);
      return {
        directMessages: keptDms.map((row) => toDirectMessage(row, people)),
        podMessages: keptPods.map((row) => toPodMessage(row, people)),
        more,
      };
    },
  );
}
