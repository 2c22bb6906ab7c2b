/**
 * The client of the Scryfall-compatible card service behind /api/cards (CARD_API_URL).
 * Scryfall's rules (scryfall.com/docs/api, /docs/api/rate-limits) and our numbers:
 * - every request carries an accurate User-Agent ('PodTable/0.8 (+APP_URL)') and an Accept header;
 * - /cards/search and /cards/named have a hard limit of 2 requests/s (500 ms apart); we space
 *   requests REQUEST_SPACING_MS = 550 ms apart (50 ms of margin for timer and network jitter),
 *   one queue for the whole process — for every process together with REDIS_URL (shared.ts) —
 *   so we stay under 2/s whatever the users do;
 * - a 429 means "limited for 30 s": we send nothing for RATE_LIMITED_PAUSE_MS then;
 * - answers are cached CACHE_TTL_MS = 24 h (Scryfall asks for at least 24 h), keyed by the
 *   upstream URL, "no results" included; identical requests in flight share one upstream call;
 * - a request that would wait in the queue longer than QUEUE_MAX_WAIT_MS is refused at once
 *   (CardServiceBusy) instead of piling up;
 * - each user's share of that queue is bounded (`admit`, the route's `cardUpstream` budget in
 *   server/limits): one user sending distinct searches as fast as they can holds a few of its
 *   slots, never all of them, so everyone else's searches still get through;
 * - no answer within TIMEOUT_MS = 5 s, a 5xx, an unexpected status or a malformed body is a
 *   CardServiceUnavailable (the route answers 502). A 404 from /cards/search means no match.
 * Without REDIS_URL the cache and the spacing are per process (N processes may send N× 2/s);
 * with it they are shared. If Redis cannot be reached the search answers 502 like a failing
 * card service (never an unspaced request).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { CARD_RESULTS_MAX, type CardSummary } from '../../src/contract/cards';
import { memoryCardCache, memorySpacing, type CardCache, type RequestSpacing } from './shared';

export const REQUEST_SPACING_MS = 550;
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const CACHE_MAX_ENTRIES = 5000;
export const TIMEOUT_MS = 5000;
export const QUEUE_MAX_WAIT_MS = 5000;
export const RATE_LIMITED_PAUSE_MS = 30_000;

export class CardServiceUnavailable extends Error {
  override name = 'CardServiceUnavailable';
}
export class CardServiceBusy extends Error {
  override name = 'CardServiceBusy';
  constructor(
    message: string,
    /** When to ask again (Retry-After). */
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}

/** Who asks: their share of the upstream queue is counted by `CardServiceOptions.admit`. */
export interface CardAsker {
  userId: string;
  ip: string;
}

const imageUris = z.object({ small: z.string().optional() }).loose();
const scryfallCard = z
  .object({
    name: z.string(),
    type_line: z.string().optional(),
    image_uris: imageUris.optional(),
    card_faces: z.array(z.object({ type_line: z.string().optional(), image_uris: imageUris.optional() }).loose()).optional(),
  })
  .loose();
const scryfallList = z.object({ object: z.literal('list'), data: z.array(scryfallCard) }).loose();
type ScryfallCard = z.infer<typeof scryfallCard>;

/** Double-faced cards carry their images (and sometimes type lines) per face. */
export function toCardSummary(card: ScryfallCard): CardSummary {
  const face = card.card_faces?.[0];
  return {
    name: card.name,
    typeLine: card.type_line ?? face?.type_line ?? null,
    imageUrl: card.image_uris?.small ?? face?.image_uris?.small ?? null,
  };
}

/** Quotes and backslashes would end Scryfall's quoted `name:"…"`; the rest is the user's text. */
function quotable(text: string): string {
  return text.replace(/["\\]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The Scryfall query of a commander search. Partner search finds what can be a second
 * commander: Partner, Partner with, Friends forever and Backgrounds (scryfall.com/docs/syntax:
 * `keyword:`, `t:`, `or`, parentheses, quoted `name:`).
 */
export function commanderQuery(q: string, partner: boolean): string {
  const name = `name:"${quotable(q)}"`;
  return partner
    ? `(keyword:partner or keyword:"partner with" or keyword:"friends forever" or t:background) ${name}`
    : `is:commander ${name}`;
}

export interface CardServiceOptions {
  baseUrl: string;
  userAgent: string;
  /** Cache clock (the server's, so tests can move it); spacing uses the real clock. */
  now?: () => number;
  spacingMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Default: this process only. */
  spacing?: RequestSpacing;
  cache?: CardCache;
  /**
   * Called before a request that missed the cache takes a slot in the shared queue: throws
   * CardServiceBusy when this asker has had their share of it (one user cannot fill the queue
   * and starve everyone). The queue itself still spaces every upstream request.
   */
  admit?: (asker: CardAsker) => Promise<void>;
}

export interface CardService {
  searchCommanders(q: string, partner: boolean, asker?: CardAsker): Promise<CardSummary[]>;
  named(exact: string, asker?: CardAsker): Promise<CardSummary | null>;
}

export function createCardService(options: CardServiceOptions): CardService {
  const now = options.now ?? Date.now;
  const spacingMs = options.spacingMs ?? REQUEST_SPACING_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const spacing = options.spacing ?? memorySpacing();
  const cache = options.cache ?? memoryCardCache(now, CACHE_MAX_ENTRIES);
  const inFlight = new Map<string, Promise<unknown>>();

  /** Shared stores (Redis) that fail make the search fail like the card service would. */
  async function shared<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new CardServiceUnavailable(`${what} unavailable: ${(error as Error).message}`);
    }
  }

  /** When this process last sent a request (real clock). */
  let lastDeparture = Number.NEGATIVE_INFINITY;

  /**
   * Waits for a reserved slot. A timer fires late on a busy machine, so two requests whose slots
   * were spacingMs apart could still leave closer together; the second then waits out the rest,
   * so this process never sends two requests less than spacingMs apart.
   */
  async function takeSlot(): Promise<void> {
    const wait = await shared('request spacing', () => spacing.reserve(spacingMs, QUEUE_MAX_WAIT_MS));
    if (wait < 0) throw new CardServiceBusy('The card service queue is full.');
    if (wait > 0) await sleep(wait);
    for (let since = Date.now() - lastDeparture; since < spacingMs; since = Date.now() - lastDeparture) await sleep(spacingMs - since);
  }

  async function fetchJson(url: string): Promise<{ status: number; body: unknown }> {
    await takeSlot();
    let response: Response;
    try {
      lastDeparture = Date.now();
      response = await doFetch(url, {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CardServiceUnavailable(`card service unreachable: ${(error as Error).message}`);
    }
    if (response.status === 429) await spacing.pause(RATE_LIMITED_PAUSE_MS).catch(() => undefined);
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  function cached<T>(url: string, asker: CardAsker | undefined, read: (answer: { status: number; body: unknown }) => T): Promise<T> {
    const running = inFlight.get(url);
    if (running) return running as Promise<T>;
    const loading = (async () => {
      const hit = await shared('card cache', () => cache.get(url));
      if (hit) return hit.value as T;
      if (asker && options.admit) await options.admit(asker);
      const value = read(await fetchJson(url));
      await shared('card cache', () => cache.set(url, value, CACHE_TTL_MS));
      return value;
    })().finally(() => inFlight.delete(url));
    inFlight.set(url, loading);
    return loading;
  }

  function unexpected(status: number): never {
    throw new CardServiceUnavailable(`card service answered ${status}`);
  }

  return {
    searchCommanders(q, partner, asker) {
      if (!quotable(q)) return Promise.resolve([]);
      const url = `${options.baseUrl}/cards/search?q=${encodeURIComponent(commanderQuery(q, partner))}&order=name`;
      return cached(url, asker, ({ status, body }) => {
        if (status === 404) return [];
        if (status !== 200) unexpected(status);
        const list = scryfallList.safeParse(body);
        if (!list.success) throw new CardServiceUnavailable('card service sent an unexpected list');
        return list.data.data.slice(0, CARD_RESULTS_MAX).map(toCardSummary);
      });
    },
    named(exact, asker) {
      const url = `${options.baseUrl}/cards/named?exact=${encodeURIComponent(exact)}`;
      return cached(url, asker, ({ status, body }) => {
        if (status === 404) return null;
        if (status !== 200) unexpected(status);
        const card = scryfallCard.safeParse(body);
        if (!card.success) throw new CardServiceUnavailable('card service sent an unexpected card');
        return toCardSummary(card.data);
      });
    },
  };
}
