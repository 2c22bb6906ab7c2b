/**
 * How often one user and one address may write, per kind of write (429 + Retry-After beyond).
 * Per-user limits stop one account's flood; per-IP limits (10× the user's, because a game store
 * or a household shares one address) stop one machine creating accounts to get around them.
 * Windows are fixed (rate-limiter-flexible). The numbers, and why:
 * - message 60/min: a fast typist sends one every few seconds; 60 also lets a phone's queue of
 *   offline messages go out in one go (beyond it the outbox retries after Retry-After);
 * - gameChange 600/min: every tap on the playmat is one increment, and a table's worth of taps
 *   made offline replays at once;
 * - friendRequest 30/h, podInvite 60/h, game 30/h, upload 20/h: a person adds a handful at a
 *   time; more is a script;
 * - register 10/h per address (no user yet); socket opens 30/min per user (a reconnect loop
 *   backs off to one per 30 s) and at most MAX_SOCKETS_PER_USER open per user per process;
 * - accountChange 10/h (e-mail and password changes check the current password: a stolen
 *   token must not become a password oracle), link 30/h per address (mailed tokens);
 * - write 300/min: every other authenticated write (decks, pods, friends, claims, profile).
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
] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface WritePolicy {
  /** Absent for writes made before there is a user (register, mailed links). */
  perUser?: LimitSpec;
  perIp: LimitSpec;
}

const perMinute = (points: number): LimitSpec => ({ points, durationSeconds: 60 });
const perHour = (points: number): LimitSpec => ({ points, durationSeconds: 60 * 60 });

export const DEFAULT_WRITE_POLICIES: Record<WriteKind, WritePolicy> = {
  register: { perIp: perHour(10) },
  message: { perUser: perMinute(60), perIp: perMinute(600) },
  friendRequest: { perUser: perHour(30), perIp: perHour(300) },
  podInvite: { perUser: perHour(60), perIp: perHour(600) },
  game: { perUser: perHour(30), perIp: perHour(300) },
  gameChange: { perUser: perMinute(600), perIp: perMinute(6000) },
  upload: { perUser: perHour(20), perIp: perHour(200) },
  socket: { perUser: perMinute(30), perIp: perMinute(300) },
  accountChange: { perUser: perHour(10), perIp: perHour(100) },
  link: { perIp: perHour(30) },
  write: { perUser: perMinute(300), perIp: perMinute(3000) },
};

/** Open sockets one user may hold on one server process (a phone, a tablet, a few tabs: far below). */
export const MAX_SOCKETS_PER_USER = 20;

/** REST routes whose kind is not the default `write` (method + Fastify route pattern). */
const ROUTE_KINDS: Record<string, WriteKind> = {
  'POST /api/users': 'register',
  'POST /api/direct-messages/send': 'message',
  'POST /api/pods/:id/messages': 'message',
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
  'dm.send': 'message',
  'pod.message.send': 'message',
  'friend.request': 'friendRequest',
  'pod.invite': 'podInvite',
  'game.create': 'game',
  'game.increment': 'gameChange',
  'game.update': 'gameChange',
};

export function mutationWriteKind(name: MutationName): WriteKind {
  return MUTATION_KINDS[name] ?? 'write';
}

/** Routes with a brake of their own (server/limits/loginBrake.ts, the forgot-password limits). */
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
  return { points: Math.max(1, Math.round(spec.points * scale)), durationSeconds: spec.durationSeconds };
}
