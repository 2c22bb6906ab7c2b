/**
 * A heavy account for the mirror figures (bench/heavy.ts), written straight into a server's
 * embedded database before the server starts (bulk SQL, not the API): at FULL size one account
 * with 40 pods × 3,000 messages, 200 direct-message peers × 200 messages and 1,500 finished
 * games, plus the people those need (3 other members per pod from a pool, the 200 peers as
 * accepted friends, and one `poster` who belongs to every pod and later writes the day's new
 * messages through the API). Messages are spread back in time (a pod message every 8 hours,
 * a direct message every 5 days), all older than the moment the fixture is built.
 * The heavy account and the poster sign in with PASSWORD; the other people have no usable password.
 * The size is a parameter (`BENCH_HEAVY_SCALE` scales the message and game counts) so a slow
 * machine can run a smaller account; the report prints the size it built.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openEmbedded } from '../server/db/open';
import { friendships, gamePlayers, games, podMembers, pods, users } from '../server/db/schema';
import { hashPassword } from '../server/auth/passwords';
import { gameColumns } from '../server/games/repo';
import { usernameKey } from '../server/users/username-key';
import { startGame } from '../src/game/start';
import { endGame } from '../src/game/ending';
import { layoutFor } from '../src/game/layouts';

export interface HeavySize {
  pods: number;
  messagesPerPod: number;
  peers: number;
  messagesPerPeer: number;
  games: number;
}

export const FULL_SIZE: HeavySize = { pods: 40, messagesPerPod: 3000, peers: 200, messagesPerPeer: 200, games: 1500 };

/** FULL_SIZE with message and game counts scaled (pods and peers stay: they shape the first pull). */
export function scaledSize(scale: number): HeavySize {
  const times = (n: number) => Math.max(1, Math.round(n * scale));
  return { ...FULL_SIZE, messagesPerPod: times(FULL_SIZE.messagesPerPod), messagesPerPeer: times(FULL_SIZE.messagesPerPeer), games: times(FULL_SIZE.games) };
}

export const PASSWORD = 'bench password 1';
/** Other members per pod, drawn from a pool of POOL people. */
const OTHER_MEMBERS = 3;
const POOL = 20;
const HOUR_MS = 3_600_000;

export interface Person {
  id: string;
  username: string;
}

export interface HeavyAccount {
  user: Person;
  poster: Person;
  podIds: string[];
  peerIds: string[];
  size: HeavySize;
  /** Wall time of the build, for the report (not a figure). */
  buildMs: number;
}

function person(prefix: string, index: number, tag: string): Person & { key: string } {
  const username = `${prefix}${index}${tag}`;
  return { id: randomUUID(), username, key: usernameKey(username) };
}

/** Fills `dataDir` (a server's DATA_DIR, server stopped) with the heavy account; `tag` keeps names unique. */
export async function buildHeavyAccount(dataDir: string, size: HeavySize, tag = Date.now().toString(36)): Promise<HeavyAccount> {
  const started = performance.now();
  const database = await openEmbedded(dataDir);
  const { db } = database;
  try {
    const hash = await hashPassword(PASSWORD);
    const me = person('heavy', 0, tag);
    const poster = person('poster', 0, tag);
    const pool = Array.from({ length: POOL }, (_, i) => person('member', i, tag));
    const peers = Array.from({ length: size.peers }, (_, i) => person('peer', i, tag));
    const at = new Date(Date.now() - HOUR_MS);
    const userRow = (p: Person & { key: string }, passwordHash: string) => ({ id: p.id, username: p.username, usernameKey: p.key, email: `${p.username}@example.test`, passwordHash, createdAt: at, updatedAt: at });
    await db.insert(users).values([userRow(me, hash), userRow(poster, hash), ...pool.map((p) => userRow(p, '!'))]);
    for (let i = 0; i < peers.length; i += 100) await db.insert(users).values(peers.slice(i, i + 100).map((p) => userRow(p, '!')));
    for (let i = 0; i < peers.length; i += 100) {
      await db.insert(friendships).values(peers.slice(i, i + 100).map((p) => ({ requesterId: me.id, addresseeId: p.id, status: 'ACCEPTED' as const, createdAt: at, acceptedAt: at })));
    }

    const podIds = Array.from({ length: size.pods }, () => randomUUID());
    await db.insert(pods).values(podIds.map((id, i) => ({ id, name: `Pod ${i + 1}`, ownerId: me.id, createdById: me.id, createdAt: new Date(at.getTime() - (i + 1) * 1000), updatedAt: at })));
    const membersOf = (i: number) => [me, poster, ...Array.from({ length: OTHER_MEMBERS }, (_, k) => pool[(i * OTHER_MEMBERS + k) % POOL]!)];
    await db.insert(podMembers).values(podIds.flatMap((podId, i) => membersOf(i).map((p) => ({ podId, userId: p.id, joinedAt: at }))));

    // The messages in one statement per table: senders rotate through the pod's members, the
    // heavy account and its peer alternate in a conversation.
    const podSenders = podIds.flatMap((podId, i) => membersOf(i).map((p, k) => `('${podId}'::uuid, ${k}, '${p.id}'::uuid)`)).join(',');
    await db.execute(
      sql.raw(`
      WITH senders(pod_id, k, sender_id) AS (VALUES ${podSenders})
      INSERT INTO pod_messages (id, pod_id, sender_id, content, created_at)
      SELECT gen_random_uuid(), s.pod_id, s.sender_id,
             'Pod message ' || n || ': who brings the snacks, and are we playing bracket 3 again on Friday?',
             timestamptz '${at.toISOString()}' - make_interval(hours => 8 * (${size.messagesPerPod} - n))
      FROM generate_series(1, ${size.messagesPerPod}) AS n
      JOIN senders s ON s.k = n % ${2 + OTHER_MEMBERS}`),
    );
    const peerList = peers.map((p) => `('${p.id}'::uuid)`).join(',');
    await db.execute(
      sql.raw(`
      WITH peers(peer_id) AS (VALUES ${peerList})
      INSERT INTO direct_messages (id, sender_id, receiver_id, content, created_at)
      SELECT gen_random_uuid(),
             CASE WHEN n % 2 = 0 THEN '${me.id}'::uuid ELSE p.peer_id END,
             CASE WHEN n % 2 = 0 THEN p.peer_id ELSE '${me.id}'::uuid END,
             'Direct message ' || n || ': good game last night, want to try the new precon next week?',
             timestamptz '${at.toISOString()}' - make_interval(hours => 120 * (${size.messagesPerPeer} - n))
      FROM generate_series(1, ${size.messagesPerPeer}) AS n CROSS JOIN peers p`),
    );

    // Finished games, built and ended by the app's own functions, in pods and at home.
    for (let i = 0; i < size.games; i += 100) {
      const batch = Array.from({ length: Math.min(100, size.games - i) }, (_, j) => {
        const index = i + j;
        const podIndex = index % 2 === 0 ? (index / 2) % size.pods : null;
        const seated = podIndex === null ? [me, ...pool.slice(index % (POOL - 3), (index % (POOL - 3)) + 3)] : membersOf(podIndex).filter((p) => p.id !== poster.id).slice(0, 4);
        const layout = layoutFor(seated.length);
        const startedAt = new Date(at.getTime() - (index + 1) * 12 * HOUR_MS).toISOString();
        const body = {
          id: randomUUID(),
          podId: podIndex === null ? null : podIds[podIndex]!,
          requiresVerification: false,
          status: 'ACTIVE' as const,
          startTime: startedAt,
          layoutPreset: layout.name,
          seats: layout.seats,
          activeSeat: 0,
          participants: seated.map((p, seatNumber) => ({
            seatNumber,
            role: seatNumber === 0 ? ('self' as const) : podIndex === null ? ('friend' as const) : ('pod' as const),
            displayName: p.username,
            userId: p.id,
            accountEmail: null,
            deckId: null,
            deckName: `${p.username}'s deck`,
            commanderName: "Atraxa, Praetors' Voice",
            partnerCommanderName: null,
            guestName: null,
          })),
        };
        const started = startGame(body, { createdById: me.id, at: startedAt });
        const ended = endGame(started, { winnerSeat: index % seated.length }, { at: new Date(Date.parse(startedAt) + 2 * HOUR_MS).toISOString() });
        return { game: { ...ended, rev: 2 }, players: seated.map((p) => p.id) };
      });
      await db.insert(games).values(batch.map(({ game }) => gameColumns(game)));
      await db.insert(gamePlayers).values(batch.flatMap(({ game, players }) => players.map((userId) => ({ gameId: game.id, userId }))));
    }
    await db.execute(sql`ANALYZE`);
    return {
      user: { id: me.id, username: me.username },
      poster: { id: poster.id, username: poster.username },
      podIds,
      peerIds: peers.map((p) => p.id),
      size,
      buildMs: performance.now() - started,
    };
  } finally {
    await database.close();
  }
}
