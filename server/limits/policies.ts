/**
 * How often one user and one address may write, per kind of write (429 + Retry-After beyond).
 * Per-user limits stop one account's flood; per-IP limits (10× the user's, because a game store
 * or a household shares one address) stop one machine creating accounts to get around them.
 * Windows are fixed (rate-limiter-flexible). The numbers, and why:
 * - message 60/min + a burst of 300/h: a fast typist sends one every few seconds; the burst lets
 *   a phone's queue of offline messages go out in one go (beyond it the outbox retries after
 *   Retry-After);
 * - gameChange 600/min + a burst of 3,000/h: every tap on the playmat is one increment, and a
 *   game night's taps made offline replay at once;
 * - friendRequest 30/h, podInvite 60/h, game 30/h, upload 20/h: a person adds a handful at a
 *   time; more is a script;
 * - register 10/h per address (no user yet); socket opens 30/min per user (a reconnect loop
 *   backs off to one per 30 s) and at most MAX_SOCKETS_PER_USER open per user per process;
 * - accountChange 10/h (e-mail and password changes check the current password: a stolen
 *   token must not become a password oracle), link 30/h per address (mailed tokens);
 * - write 300/min + a burst of 1,500/h: every other authenticated write (decks, pods, friends,
 *   claims, profile, game ends);
 * - liveFrame 300/min: client frames on live sockets other than PING (JOIN_POD reads the
 *   database), all of a user's sockets on every process together; the app sends a few a minute;
 * - readMark 120/min + a burst of 600/h: read markers (`read.mark`); the app writes one when a
 *   chat is opened or a message arrives in an open chat, debounced and only forwards, so a busy
 *   pod chat costs about one a second at most; its own budget so reading never spends `write`.
 * - joinCode 20/h per user, 60/h per address: looking at a game's table with a join code and
 *   taking a seat (server/games/join-routes.ts), right or wrong code alike; a player spends two,
 *   a table of eight on one Wi-Fi sixteen. It makes guessing one of the 32^6 codes hopeless
 *   (docs/security.md "Join codes").
 * RATE_LIMIT_SCALE multiplies every number (benchmarks and load tests; 1 in production).
 */
import type { MutationName } from '../../src/contract/mutations';
import type { LimitSpec } from './store';

export const WRITE_KINDS = [
  'register',
  'message',
  'friendRequest',
  'podInvite',
  'game',
  'gameChange',
  'upload',
  'socket',
  'accountChange',
  'link',
  'write',
  'liveFrame',
  'joinCode',
  'readMark',
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface WritePolicy {
  /** Absent for writes made before there is a user (register, mailed links). */
  perUser?: LimitSpec;
  perIp: LimitSpec;
}

const perMinute = (points: number): LimitSpec => ({ points, durationSeconds: 60 });
const perHour = (points: number): LimitSpec => ({ points, durationSeconds: 60 * 60 });

/**
 * A per-user budget with burst capacity: `burst` points per hour taken only once the window's own
 * points are spent, so a phone replaying a game night made offline (1,000 taps, 100 messages,
 * a few hundred other writes, sent at once) goes through, while a flood's sustained rate stays
 * bounded by `points` a window plus `burst` an hour.
 */
const withBurst = (spec: LimitSpec, burstPerHour: number): LimitSpec => ({ ...spec, burst: perHour(burstPerHour) });

export const DEFAULT_WRITE_POLICIES: Record<WriteKind, WritePolicy> = {
  register: { perIp: perHour(10) },
  message: { perUser: withBurst(perMinute(60), 300), perIp: perMinute(600) },
  friendRequest: { perUser: perHour(30), perIp: perHour(300) },
  podInvite: { perUser: perHour(60), perIp: perHour(600) },
  game: { perUser: perHour(30), perIp: perHour(300) },
  gameChange: { perUser: withBurst(perMinute(600), 3000), perIp: perMinute(6000) },
  upload: { perUser: perHour(20), perIp: perHour(200) },
  socket: { perUser: perMinute(30), perIp: perMinute(300) },
  accountChange: { perUser: perHour(10), perIp: perHour(100) },
  link: { perIp: perHour(30) },
  write: { perUser: withBurst(perMinute(300), 1500), perIp: perMinute(3000) },
  liveFrame: { perUser: perMinute(300), perIp: perMinute(3000) },
  joinCode: { perUser: perHour(20), perIp: perHour(60) },
  readMark: { perUser: withBurst(perMinute(120), 600), perIp: perMinute(1200) },
};

/** Open sockets one user may hold on one server process (a phone, a tablet, a few tabs: far below). */
export const MAX_SOCKETS_PER_USER = 20;

/** REST routes whose kind is not the default `write` (method + Fastify route pattern). */
const ROUTE_KINDS: Record<string, WriteKind> = {
  'POST /api/users': 'register',
  'POST /api/direct-messages/send': 'message',
  'POST /api/pods/:id/messages': 'message',
  'PATCH /api/direct-messages/:id': 'message',
  'DELETE /api/direct-messages/:id': 'message',
  'PATCH /api/pods/:id/messages/:messageId': 'message',
  'DELETE /api/pods/:id/messages/:messageId': 'message',
  'POST /api/friends/send-request': 'friendRequest',
  'POST /api/pods/:id/invite': 'podInvite',
  'POST /api/games': 'game',
  'PUT /api/games/:id': 'gameChange',
  'POST /api/games/:id/increments': 'gameChange',
  'POST /api/users/avatar': 'upload',
  'POST /api/users/me/email': 'accountChange',
  'POST /api/users/me/password': 'accountChange',
  'POST /api/users/email-change/:token': 'link',
  'POST /api/users/email-change/:token/undo': 'link',
  'PATCH /api/auth/reset-password/:token': 'link',
};

/** Mutations of a batched push (src/contract/mutations.ts) whose kind is not the default `write`: the same budgets as their REST routes. */
const MUTATION_KINDS: Partial<Record<MutationName, WriteKind>> = {
  // Edits and deletions of a message spend the messages' budget: rewriting is sending again.
  'dm.send': 'message',
  'dm.edit': 'message',
  'dm.delete': 'message',
  'pod.message.send': 'message',
  'pod.message.edit': 'message',
  'pod.message.delete': 'message',
  'friend.request': 'friendRequest',
  'pod.invite': 'podInvite',
  'game.create': 'game',
  'game.increment': 'gameChange',
  'game.update': 'gameChange',
  'read.mark': 'readMark',
};

export function mutationWriteKind(name: MutationName): WriteKind {
  return MUTATION_KINDS[name] ?? 'write';
}

/** Routes with a brake of their own (server/limits/login-brake.ts, the forgot-password limits). */
const OWN_BRAKE = new Set(['POST /api/users/login', 'POST /api/auth/forgot-password']);

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The limit a REST request counts against: the route's `config.limit` when it names one, else
 * the table above, else `write` for any other authenticated write; undefined for reads.
 */
export function writeKindFor(method: string, routeUrl: string | undefined, config: { auth?: boolean; limit?: WriteKind | false } | undefined): WriteKind | undefined {
  if (config?.limit === false) return undefined;
  if (config?.limit) return config.limit;
  if (READ_METHODS.has(method) || !routeUrl) return undefined;
  const key = `${method} ${routeUrl}`;
  if (OWN_BRAKE.has(key)) return undefined;
  return ROUTE_KINDS[key] ?? (config?.auth ? 'write' : undefined);
}

export function scaled(spec: LimitSpec, scale: number): LimitSpec {
  const points = Math.max(1, Math.round(spec.points * scale));
  return spec.burst ? { points, durationSeconds: spec.durationSeconds, burst: scaled(spec.burst, scale) } : { points, durationSeconds: spec.durationSeconds };
}

/**
 * Budgets of reads that scan or cost an upstream call (429 + Retry-After beyond), per user and
 * per address like the write budgets. Numbers a person never meets:
 * - list 600/min: every list route (users, pods, friends, messages, decks, games…); a screen
 *   reads a few lists, the app reloads them on focus and reconnect;
 * - search 120/min: the user search and the message search run as one types (debounced);
 * - cardSearch 120/min: commander and card lookups (cached ones included);
 * - cardUpstream 3 per 5 s per user, 6 per address: the calls that miss the cache and wait in
 *   the card service's one shared queue (2 requests/s upstream, about 9 waiting at most), so one
 *   user holds at most a third of it; beyond, the search answers 503 busy like a full queue;
 * - pull 600/min: incremental pulls (a page is at most PULL_PAGE_MAX log entries);
 * - snapshot 60/h: full snapshots (the first pull of a device, a reset cursor) read every row
 *   the user can see;
 * - avatar 1,200/min per address (no token: an <img> sends none; versioned URLs are cached);
 * - export 5/h: downloading one's data (server/users/account-data-routes.ts) reads every row the
 *   account has; the JSON file and the games CSV share it.
 * - watch 900/min per address (no account): a TV view asks once per change of its table (held
 *   by the server until then, at least WATCH_LIVE_GAP_MS apart) and every 700 ms only when the
 *   server holds no more (WATCH_POLL_MS), so ten TVs can share one address; a
 *   token is 256 random bits, so the budget bounds load, not guessing (docs/security.md "TV links").
 */
export const READ_KINDS = ['list', 'search', 'cardSearch', 'cardUpstream', 'pull', 'snapshot', 'avatar', 'export', 'watch'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

export const DEFAULT_READ_POLICIES: Record<ReadKind, WritePolicy> = {
  list: { perUser: perMinute(600), perIp: perMinute(6000) },
  search: { perUser: perMinute(120), perIp: perMinute(1200) },
  cardSearch: { perUser: perMinute(120), perIp: perMinute(1200) },
  cardUpstream: { perUser: { points: 3, durationSeconds: 5 }, perIp: { points: 6, durationSeconds: 5 } },
  pull: { perUser: perMinute(600), perIp: perMinute(6000) },
  snapshot: { perUser: perHour(60), perIp: perHour(600) },
  avatar: { perIp: perMinute(1200) },
  export: { perUser: perHour(5), perIp: perHour(50) },
  watch: { perIp: perMinute(900) },
};

/** GET routes with a read budget (method + Fastify route pattern); a route's `config.readLimit` overrides it. */
const ROUTE_READ_KINDS: Record<string, ReadKind> = {
  'GET /api/users': 'list',
  'GET /api/users/search': 'search',
  'GET /api/messages/search': 'search',
  'GET /api/users/:id/avatar': 'avatar',
  'GET /api/pods': 'list',
  'GET /api/pods/invitations': 'list',
  'GET /api/pods/:id/invitations': 'list',
  'GET /api/pods/:id/messages': 'list',
  'GET /api/direct-messages': 'list',
  'GET /api/direct-messages/:userId': 'list',
  'GET /api/friends': 'list',
  'GET /api/friends/pending': 'list',
  'GET /api/blocks': 'list',
  'GET /api/decks': 'list',
  'GET /api/games': 'list',
  'GET /api/games/invites': 'list',
  'GET /api/games/finished': 'list',
  // A page of a game's whole story: at most STORY_PAGE_MAX rows by the primary key.
  'GET /api/games/:id/story': 'list',
  'GET /api/cards/commanders': 'cardSearch',
  'GET /api/cards/named': 'cardSearch',
  'GET /api/sync/pull': 'pull',
};

export function readKindFor(method: string, routeUrl: string | undefined, config: { readLimit?: ReadKind | false } | undefined): ReadKind | undefined {
  if (config?.readLimit === false) return undefined;
  if (config?.readLimit) return config.readLimit;
  if ((method !== 'GET' && method !== 'HEAD') || !routeUrl) return undefined;
  return ROUTE_READ_KINDS[`GET ${routeUrl}`];
}
