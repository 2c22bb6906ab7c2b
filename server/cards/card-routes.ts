/**
 * Commander search for the wizard and the deck form (the spec's "External" calls):
 * GET /api/cards/commanders?q=&partner=true|false → CardSummary[] (at most 20), and
 * GET /api/cards/named?exact= → CardSummary or 404. Signed-in users only; the card service
 * behind it is rate-limited and cached (service.ts). A failing or slow service answers 502,
 * a full queue, or a user who has had their share of it (fair-share.ts), 503; the app then
 * searches the names it has seen before. Every search counts against the user's `cardSearch`
 * read budget (server/limits): 429 beyond it.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { cardSummarySchema, commanderSearchQuery, namedCardQuery } from '../../src/contract/cards';
import { APP_VERSION_LABEL } from '../../src/contract/limits';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../errors';
import { typed } from '../http/zod-validation';
import { requireUser } from '../auth/authenticate';
import { admitUpstream } from './fair-share';
import { CardServiceBusy, CardServiceUnavailable, createCardService, type CardService, type CardServiceOptions } from './service';

export const CardServerText = {
  unavailable: 'The card service is unavailable right now.',
  busy: 'The card service is busy right now. Try again in a moment.',
  notFound: 'Card not found.',
} as const;

/** 'PodTable/0.8 (+https://podtable.example)': product/major.minor and where to reach us. */
export function cardUserAgent(appUrl: string): string {
  const [major, minor] = APP_VERSION_LABEL.split('.');
  return `PodTable/${Number(major)}.${Number(minor)} (+${appUrl})`;
}

/** `shared`: the spacing and cache every process shares (Redis); default: this process's own. */
export function registerCardRoutes(app: FastifyInstance, deps: AppDeps, shared: Pick<CardServiceOptions, 'spacing' | 'cache'> = {}, service?: CardService): void {
  const cards =
    service ??
    createCardService({
      baseUrl: deps.config.cardApiUrl,
      userAgent: cardUserAgent(deps.config.appUrl),
      now: () => deps.now().getTime(),
      admit: (asker) => admitUpstream(deps, asker),
      ...shared,
    });

  async function ask<T>(log: { warn(obj: object, msg: string): void }, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CardServiceBusy) throw new HttpError(503, CardServerText.busy, { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) });
      if (error instanceof CardServiceUnavailable) {
        log.warn({ reason: error.message }, 'card service failed');
        throw new HttpError(502, CardServerText.unavailable);
      }
      throw error;
    }
  }

  const api = typed(app);
  api.get('/api/cards/commanders', { schema: { querystring: commanderSearchQuery, response: { 200: z.array(cardSummarySchema) } } }, async (request) => {
    const { q, partner } = request.query;
    const asker = { userId: requireUser(request).id, ip: request.ip };
    return ask(request.log, () => cards.searchCommanders(q, partner, asker));
  });

  api.get('/api/cards/named', { schema: { querystring: namedCardQuery, response: { 200: cardSummarySchema } } }, async (request) => {
    const { exact } = request.query;
    const asker = { userId: requireUser(request).id, ip: request.ip };
    const card = await ask(request.log, () => cards.named(exact, asker));
    if (!card) throw notFound(CardServerText.notFound);
    return card;
  });
}
