/**
 * Per-user caps on stored things (src/contract/caps.ts), enforced where every write goes
 * through: `runBatch` (server/sync/run.ts) calls `enforceCap` before a mutation's apply, for a
 * REST write and for each mutation of a sync push alike. A write beyond its cap is refused with
 * 409 and the cap's text (the push answers it `refused`, the app shows the text on the write).
 *
 * Invariants:
 * - the count and the write it admits are serialised per (user, cap) by a transaction-scoped
 *   advisory lock, so concurrent writes of one user never go past the cap;
 * - a write that stores nothing new (saving an existing deck, a create repeated under another
 *   key) is never refused by a cap;
 * - counting reads at most cap rows (a bounded subquery).
 * Games, messages and friendships are not capped: they are history, bounded by the write
 * budgets (server/limits/policies.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  BLOCKS_PER_USER,
  CapText,
  DECKS_PER_USER,
  FRIEND_REQUESTS_PENDING_PER_USER,
  POD_INVITATIONS_PENDING_PER_USER,
  PODS_PER_USER,
} from '../../src/contract/caps';
import type { MutationArgs, MutationName } from '../../src/contract/mutations';
import { blocks, decks, friendships, podInvitations, podMembers, pods } from '../db/schema';
import type { Tx } from '../db/types';
import { conflict } from '../errors';
import { isUuid } from '../validate';

interface Cap {
  name: string;
  max: number;
  text: string;
  table: PgTable;
  where: (userId: string) => SQL | undefined;
}

const CAPS = {
  decks: { name: 'decks', max: DECKS_PER_USER, text: CapText.decks, table: decks, where: (userId) => eq(decks.ownerId, userId) },
  pods: { name: 'pods', max: PODS_PER_USER, text: CapText.pods, table: podMembers, where: (userId) => eq(podMembers.userId, userId) },
  podInvitations: {
    name: 'podInvitations',
    max: POD_INVITATIONS_PENDING_PER_USER,
    text: CapText.podInvitations,
    table: podInvitations,
    where: (userId) => eq(podInvitations.invitedById, userId),
  },
  friendRequests: {
    name: 'friendRequests',
    max: FRIEND_REQUESTS_PENDING_PER_USER,
    text: CapText.friendRequests,
    table: friendships,
    where: (userId) => and(eq(friendships.requesterId, userId), eq(friendships.status, 'PENDING')),
  },
  blocks: { name: 'blocks', max: BLOCKS_PER_USER, text: CapText.blocks, table: blocks, where: (userId) => eq(blocks.blockerId, userId) },
} satisfies Record<string, Cap>;

async function exists(tx: Tx, table: PgTable, column: PgColumn, id: string): Promise<boolean> {
  // A malformed id (not a UUID) stores nothing: the mutator refuses it, no cap needed.
  if (!isUuid(id)) return true;
  const rows = await tx.select({ one: sql`1`.as('one') }).from(table).where(eq(column, id)).limit(1);
  return rows.length > 0;
}

/** The cap a mutation may go past, or undefined when it stores nothing new. */
async function capOf(tx: Tx, userId: string, name: MutationName, args: unknown): Promise<Cap | undefined> {
  switch (name) {
    case 'deck.save': {
      const deck = args as MutationArgs<'deck.save'>;
      return deck.create && !(await exists(tx, decks, decks.id, deck.id)) ? CAPS.decks : undefined;
    }
    case 'pod.create':
      return (await exists(tx, pods, pods.id, (args as MutationArgs<'pod.create'>).id)) ? undefined : CAPS.pods;
    case 'pod.invitation.accept':
      return CAPS.pods;
    case 'pod.invite':
      return CAPS.podInvitations;
    case 'friend.request':
      return CAPS.friendRequests;
    case 'user.block': {
      const blocked = (args as MutationArgs<'user.block'>).userId;
      const rows = await tx.select({ one: sql`1`.as('one') }).from(blocks).where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, blocked))).limit(1);
      return rows.length > 0 ? undefined : CAPS.blocks;
    }
    default:
      return undefined;
  }
}

/** Throws the 409 HttpError when this mutation would store one more than its cap allows. */
export async function enforceCap(tx: Tx, userId: string, name: MutationName, args: unknown): Promise<void> {
  const cap = await capOf(tx, userId, name, args);
  if (!cap) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cap:${cap.name}:${userId}`}))`);
  const [row] = await tx.select({ n: sql<number>`count(*)` }).from(tx.select({ one: sql`1`.as('one') }).from(cap.table).where(cap.where(userId)).limit(cap.max).as('capped'));
  if (Number(row?.n ?? 0) >= cap.max) throw conflict(cap.text);
}
