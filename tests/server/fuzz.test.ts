/**
 * Seeded fuzz suite: hostile requests to every route as owner, member, stranger and
 * anonymous, plus hostile WebSocket frames. Asserted for every request: no 5xx, the server never
 * crashes, a refused request (4xx) leaves every stored row as it was, and a stranger or anonymous
 * caller never gets a 2xx on another person's pod, game, deck, friendship or invitation.
 * FUZZ_REQUESTS (default 2,500 in CI, ~1.5 min on 2 cores) and FUZZ_SEED replay or extend a run; run 10,000+
 * locally with FUZZ_REQUESTS=10000.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { PNG_1X1 } from './fixtures';
import { startCardService, type FakeCardService } from './card-service';
import { openSocket, startServer, type TestServer } from './helpers';
import { HOSTILE_STRINGS, RAW_BODIES, hostileMultipart, hostileValue, pick, seededRandom, type Random } from './fuzz/hostile';
import { ROUTES, type Fixtures, type RouteSpec, type Scope } from './fuzz/routes';
import { routeTableProblems, servedSpecs, type ServedRouteSpec } from './fuzz/route-table';
import { registeredRoutes } from '../../server/route-list';
import { createGame, gameBody } from './games/support';
import { makePod, type Person } from './social/support';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2500);
const FRAMES = Math.max(200, Math.round(REQUESTS / 15));
/** Tables whose rows a refused request must leave alone (bookkeeping tables are left out: a stored 4xx answer, a rate-limit count). */
const IGNORED_TABLES = new Set(['idempotency_keys', 'rate_limits', 'live_events', '__drizzle_migrations']);

type Role = 'owner' | 'member' | 'stranger' | 'anonymous';
const ROLES: readonly Role[] = ['owner', 'member', 'stranger', 'anonymous'];

let server: TestServer;
let cards: FakeCardService;
let people: Record<Exclude<Role, 'anonymous'>, Person>;
let passwords: Record<Exclude<Role, 'anonymous'>, string>;
let fixtures: Fixtures;
let digestQuery: string;
/** ROUTES with what the server's route options say (needs a user, declared queries). */
let routes: ServedRouteSpec[];

beforeAll(async () => {
  cards = await startCardService();
  // The login brake is tested elsewhere; here it would only stop the actors signing in again after a fuzzed logout.
  server = await startServer({
    config: { cardApiUrl: cards.url },
    rateLimits: { scale: 1000, loginBrake: { freeFailuresPerPair: 1_000_000, failuresPerIp: { points: 1_000_000, durationSeconds: 60 } } },
  });
  const [owner, member, stranger, invitee] = await Promise.all([server.newUser('own'), server.newUser('mem'), server.newUser('str'), server.newUser('inv')]);
  people = { owner, member, stranger };
  routes = servedSpecs(registeredRoutes(server.app), ROUTES);
  passwords = { owner: owner.password, member: member.password, stranger: stranger.password };
  const pod = await makePod(server, owner, [member]);
  const game = await createGame(server, owner.token, gameBody([{ user: owner.user }, { user: member.user }, { guest: 'Gus' }]));
  const deck = await server.request<{ id: string }>('POST', '/api/decks', { token: owner.token, body: { name: 'Owner deck' } });
  const directMessage = await server.request<{ id: string }>('POST', '/api/direct-messages/send', { token: owner.token, body: { receiverId: member.user.id, content: 'hello' } });
  const podMessage = await server.request<{ id: string }>('POST', `/api/pods/${pod.id}/messages`, { token: owner.token, body: { content: 'gg' } });
  const friendship = await server.request<{ friendshipId: string }>('POST', '/api/friends/send-request', { token: member.token, body: { addresseeId: owner.user.id } });
  const invitation = await server.request<{ invitationId: string }>('POST', `/api/pods/${pod.id}/invite`, { token: owner.token, body: { userId: invitee.user.id } });
  fixtures = {
    ownerId: owner.user.id,
    memberId: member.user.id,
    strangerId: stranger.user.id,
    podId: pod.id,
    gameId: game.id,
    deckId: deck.body.id,
    friendshipId: friendship.body.friendshipId,
    invitationId: invitation.body.invitationId,
    directMessageId: directMessage.body.id,
    podMessageId: podMessage.body.id,
  };
  const tables = (await server.database.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`)) as unknown as
    | { rows: Array<{ table_name: string }> }
    | Array<{ table_name: string }>;
  const names = (Array.isArray(tables) ? tables : tables.rows).map((row) => row.table_name).filter((name) => !IGNORED_TABLES.has(name));
  expect(names).toContain('users');
  digestQuery = `SELECT md5(${names.map((name) => `coalesce((SELECT string_agg(md5(t::text), ',' ORDER BY md5(t::text)) FROM "${name}" t), '')`).join(" || '|' || ")}) AS digest`;
}, 600_000);

afterAll(async () => {
  await server?.close();
  await cards?.close();
});

async function digest(): Promise<string> {
  const result = (await server.database.db.execute(sql.raw(digestQuery))) as unknown as { rows: Array<{ digest: string }> } | Array<{ digest: string }>;
  return (Array.isArray(result) ? result : result.rows)[0]!.digest;
}

/** encodeURIComponent throws on a lone surrogate; such a value goes as the raw UTF-8 of U+FFFD's neighbour. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function pathParam(random: Random, name: string, scope: Scope | undefined): string {
  const roll = random();
  if (name === 'token') return roll < 0.5 ? randomBytes(32).toString('base64url') : encode(pick(random, HOSTILE_STRINGS).slice(0, 300));
  if (roll < 0.55) {
    if (name === 'userId') return pick(random, [fixtures.ownerId, fixtures.memberId, fixtures.strangerId]);
    if (name === 'invitationId') return fixtures.invitationId;
    if (name === 'messageId') return fixtures.podMessageId;
    const byScope: Record<Scope, string> = {
      pod: fixtures.podId,
      game: fixtures.gameId,
      deck: fixtures.deckId,
      friendship: fixtures.friendshipId,
      invitation: fixtures.invitationId,
      directMessage: fixtures.directMessageId,
    };
    return scope ? byScope[scope] : pick(random, [fixtures.ownerId, fixtures.memberId]);
  }
  if (roll < 0.7) return randomUUID();
  return encode(pick(random, HOSTILE_STRINGS).slice(0, 300));
}

const QUERY_VALUES: Record<string, readonly string[]> = {
  limit: ['1', '50', '200', '0', '-1', '201', '1e400', 'abc', '99999999999999999999', '1.5', ''],
  before: ['2026-01-01T00:00:00Z', '0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '1999-12-31T23:59:59Z', 'x', '2026-02-30T00:00:00Z', '9999-12-31T23:59:59Z'],
  partner: ['true', 'false', 'maybe'],
  q: ['Atraxa', 'A'],
  exact: ["Atraxa, Praetors' Voice"],
  cursor: ['0', '1', '-1', '9007199254740993', '1e3', 'abc', ''],
};

function query(random: Random, spec: ServedRouteSpec): string {
  if (!spec.query.length || random() < 0.2) return '';
  const pairs: string[] = [];
  for (const name of spec.query) {
    if (random() < 0.3) continue;
    const known = QUERY_VALUES[name];
    const value = known && random() < 0.6 ? pick(random, known) : pick(random, HOSTILE_STRINGS).slice(0, 2000);
    pairs.push(`${name}=${encode(value)}`);
    if (random() < 0.05) pairs.push(`${name}=${encode(value)}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A body: well-formed, well-formed with fields broken, another JSON type, or not JSON at all. */
function body(random: Random, spec: RouteSpec): { raw: BodyInit; type: string } | undefined {
  if (spec.multipart) {
    const { body: bytes, type } = hostileMultipart(random, PNG_1X1);
    return { raw: typeof bytes === 'string' ? bytes : new Uint8Array(bytes), type };
  }
  // fetch sends no body with GET.
  if (spec.method === 'GET') return undefined;
  if (spec.method === 'DELETE') return random() < 0.1 ? { raw: JSON.stringify(hostileValue(random)), type: 'application/json' } : undefined;
  const roll = random();
  if (roll < 0.08) {
    const raw = pick(random, RAW_BODIES);
    return { raw: raw.body, type: raw.type };
  }
  if (roll < 0.13) return { raw: JSON.stringify(hostileValue(random)), type: 'application/json' };
  const value: Record<string, unknown> = spec.body ? spec.body(fixtures) : {};
  if (roll >= 0.3) {
    const keys = Object.keys(value);
    const changes = 1 + Math.floor(random() * 3);
    for (let i = 0; i < changes; i += 1) {
      const key = keys.length && random() < 0.8 ? pick(random, keys) : pick(random, ['extra', 'turnNumber', 'seatNumber', 'id', '__proto__']);
      const current = value[key];
      if (Array.isArray(current) && current.length && typeof current[0] === 'object' && random() < 0.6) {
        const inner = { ...(current[0] as Record<string, unknown>) };
        inner[pick(random, Object.keys(inner))] = hostileValue(random);
        value[key] = [inner, ...current.slice(1)];
      } else {
        value[key] = hostileValue(random);
      }
    }
  }
  return { raw: JSON.stringify(value), type: 'application/json' };
}

function resolvePath(random: Random, spec: RouteSpec): { path: string; scoped: boolean } {
  let scoped = false;
  const path = spec.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = pathParam(random, name, spec.scope);
    if (spec.scope && Object.values(fixtures).includes(value) && name !== 'userId') scoped = true;
    return value;
  });
  return { path, scoped };
}

interface Tally {
  byStatus: Map<number, number>;
  fiveXx: string[];
  corrupt: string[];
  leaks: string[];
}

it('the authorization table has one row for every /api route the server serves, and none for a route it does not', () => {
  const served = registeredRoutes(server.app);
  // The list really comes from the server (a broken hook would make every table "complete").
  expect(served.length).toBeGreaterThan(ROUTES.length / 2);
  expect(routeTableProblems(served, ROUTES)).toEqual([]);
});

it(`${REQUESTS} seeded hostile requests (seed ${SEED}) across every route and role: no 5xx, no crash, refused requests change no row, no leak`, async () => {
  const random = seededRandom(SEED);
  const tally: Tally = { byStatus: new Map(), fiveXx: [], corrupt: [], leaks: [] };
  let before = await digest();
  // Every route × role at least once, then random ones.
  const plan: Array<[ServedRouteSpec, Role]> = routes.flatMap((spec) => ROLES.map((role) => [spec, role] as [ServedRouteSpec, Role]));
  while (plan.length < REQUESTS) plan.push([pick(random, routes), pick(random, ROLES)]);

  for (const [spec, role] of plan.slice(0, Math.max(REQUESTS, routes.length * ROLES.length))) {
    const { path, scoped } = resolvePath(random, spec);
    const url = path + query(random, spec);
    const payload = body(random, spec);
    const headers: Record<string, string> = {};
    if (role !== 'anonymous') headers.authorization = `Bearer ${people[role].token}`;
    if (payload) headers['content-type'] = payload.type;
    if (random() < 0.3) headers['idempotency-key'] = random() < 0.9 ? randomUUID() : pick(random, HOSTILE_STRINGS).replace(/[^\x20-\x7e]/g, '?').slice(0, 200) || 'k';
    let status: number;
    try {
      const response = await fetch(server.url + url, { method: spec.method, headers, body: payload?.raw });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      throw new Error(`no answer (the server died?) for ${spec.method} ${url.slice(0, 200)} as ${role}: ${(error as Error).message}`);
    }
    tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
    // A logout that went through revoked this role's token: sign in again so the run keeps testing as that role.
    if (spec.path === '/api/users/logout' && role !== 'anonymous' && status < 300) {
      people[role] = { ...people[role], token: (await server.login(people[role].user.username, passwords[role])).token };
    }
    const what = `${spec.method} ${url.slice(0, 160)} as ${role} → ${status}`;
    if (status >= 500) tally.fiveXx.push(what);
    if (scoped && (role === 'stranger' || role === 'anonymous') && status < 300) tally.leaks.push(what);
    // A route that is not marked public never answers an anonymous caller with a success.
    else if (role === 'anonymous' && spec.authenticated && status < 300) tally.leaks.push(`${what} (needs a user)`);
    const after = await digest();
    if (status >= 400 && after !== before) tally.corrupt.push(what);
    before = after;
  }

  const summary = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  console.log(`fuzz seed ${SEED}: ${plan.length} requests; ${summary}; 5xx ${tally.fiveXx.length}, corrupt ${tally.corrupt.length}, leaks ${tally.leaks.length}`);
  expect(tally.fiveXx).toEqual([]);
  expect(tally.corrupt).toEqual([]);
  expect(tally.leaks).toEqual([]);
  // Refusals really happened (the run exercised the checks), and so did successes.
  expect([...tally.byStatus.keys()].some((status) => status >= 400 && status < 500)).toBe(true);
  expect([...tally.byStatus.keys()].some((status) => status < 300)).toBe(true);
  expect(server.logText()).not.toMatch(/"statusCode":5\d\d/);
}, 600_000);

it(`${FRAMES} hostile WebSocket frames: the socket stays sane and the server keeps answering`, async () => {
  const random = seededRandom(SEED + 1);
  const live = await openSocket(`${server.wsUrl}/ws?token=${people.member.token}`);
  expect(live.socket.readyState).toBe(WebSocket.OPEN);
  for (let i = 0; i < FRAMES && live.socket.readyState === WebSocket.OPEN; i += 1) {
    const roll = random();
    // Every frame here stays under the frame limit (an oversized one is the separate case below).
    const underLimit = (text: string) => text.slice(0, 60_000);
    if (roll < 0.3) live.socket.send(underLimit(JSON.stringify({ type: pick(random, ['JOIN_POD', 'LEAVE_POD', 'PING', 'NOPE']), podId: hostileValue(random) })));
    else if (roll < 0.5) live.socket.send(underLimit(JSON.stringify(hostileValue(random))));
    else if (roll < 0.7) live.socket.send(pick(random, HOSTILE_STRINGS).slice(0, 10_000));
    else if (roll < 0.8) live.socket.send(randomBytes(Math.floor(random() * 512)));
    else live.socket.send(JSON.stringify({ type: 'JOIN_POD', podId: pick(random, [fixtures.podId, randomUUID()]) }));
  }
  // A PING still gets its PONG: the connection was never broken by what came before.
  live.socket.send(JSON.stringify({ type: 'PING' }));
  // Generous: every JOIN_POD before it is a membership query, and CI machines are busy.
  await live.next((message) => (message as { type?: string }).type === 'PONG', 30_000);
  // An oversized frame cuts that socket off (the server terminates it), and only it.
  live.socket.send('x'.repeat(70 * 1024));
  expect([1006, 1009]).toContain((await live.closed).code);
  const me = await server.request('GET', '/api/users/me', { token: people.member.token });
  expect(me.status).toBe(200);
  expect(server.logText()).not.toMatch(/"level":50.*live message handler failed/);
  // Longer than the 30 s the PONG may take (plus the frames before it): the wait inside must end first.
}, 600_000);
