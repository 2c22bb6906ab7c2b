/**
 * Deleting one's own account (DELETE /api/users/me), immediate and final. After the current
 * password (behind the login brake), ONE transaction:
 * - the user row becomes a tombstone: username, e-mail, password hash, avatar and display name
 *   wiped, `deleted_at` set. Messages they sent and games they played keep their foreign keys
 *   and show "Deleted user"; the e-mail address and the username are free again at once; nothing
 *   new may point at the tombstone (the database trigger of migration 0004);
 * - friendships, requests, blocks (both ways), pending pod and game invitations (to and from
 *   them), decks, push subscriptions and settings, tokens, reset and e-mail-change links,
 *   idempotency records, applied mutations, read markers and their own change log: deleted;
 * - pods: they leave each one; a pod they owned passes to the longest-standing other member,
 *   or is deleted (its id kept in deleted_pods) when they were alone;
 * - games: their seats stay as guest seats with the name they played under;
 * - everyone who shared any of it gets ONE change-log entry naming every row that changed for
 *   them, with a USER_DELETED event (the app pulls on it), so every device learns it by position.
 * After commit every socket of the account is closed and its tokens leave every token cache.
 * Known limits: at most DELETED_POD_MESSAGE_REFS of their latest messages per pod are named in
 * the members' entries, so an older copy already on a device keeps the old name until that device's
 * next full snapshot (the server answers "Deleted user" for every one of them); a write racing the
 * deletion that commits first is cleaned up with the rest, one that commits after meets the trigger.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { DELETED_USER_NAME } from '../../src/contract/account-data';
import { ServerText } from '../../src/contract/users';
import {
  appliedMutations,
  authTokens,
  avatars,
  blocks,
  decks,
  deletedPods,
  directMessages,
  dmReadMarkers,
  emailChanges,
  friendships,
  gameInvites,
  gamePlayers,
  idempotencyKeys,
  notificationSettings,
  passwordResetTokens,
  podInvitations,
  podMembers,
  podMessages,
  podNotificationMutes,
  podReadMarkers,
  pods,
  pushSubscriptions,
  syncHeads,
  syncLog,
  users,
} from '../db/schema';
import type { Tx } from '../db/types';
import type { AppDeps } from '../deps';
import { unauthorized } from '../errors';
import { asGuestSeat } from '../games/invites';
import { audienceOfGame } from '../visibility/games';
import { audienceOfPodInvitation, podInvitationAudience } from '../visibility/pod-invitations';
import { findGame, saveGame } from '../games/repo';
import { securityLog } from '../security-log';
import { withChangeLog } from '../sync/log-writes';
import { ref, type Ref } from '../sync/refs';
import { verifyCurrentPassword } from './reauth';

/** How many of the account's latest messages per pod the members' change-log entry names. */
export const DELETED_POD_MESSAGE_REFS = 200;

/** Who must hear of the deletion, and which of their rows changed. */
class Audience {
  readonly refs = new Map<string, Set<Ref>>();
  constructor(private readonly deletedId: string) {}
  tell(userIds: Iterable<string>, ...refs: Ref[]): void {
    for (const userId of userIds) {
      if (userId === this.deletedId) continue;
      let set = this.refs.get(userId);
      if (!set) this.refs.set(userId, (set = new Set()));
      for (const item of refs) set.add(item);
    }
  }
}

export async function deleteAccount(deps: AppDeps, log: FastifyBaseLogger, caller: { userId: string; ip: string }, password: string): Promise<void> {
  await verifyCurrentPassword(deps, log, caller.userId, password, caller.ip);
  const id = caller.userId;
  const now = deps.now();
  await withChangeLog(deps, async (tx, changes) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .for('update');
    // Deleted meanwhile by another request of the same account.
    if (!row) throw unauthorized(ServerText.unauthorized);
    const audience = new Audience(id);
    await endTies(tx, id, audience);
    await leavePods(tx, id, now, audience);
    await leaveGames(tx, id, now, audience);
    await tellConversations(tx, id, audience);
    await deletePrivateRows(tx, id);
    await tx
      .update(users)
      .set({
        username: `deleted-${id}`,
        usernameKey: `deleted:${id}`,
        email: `${id}@deleted.invalid`,
        // Not an argon2 hash: no password ever verifies against it.
        passwordHash: '!',
        displayName: DELETED_USER_NAME,
        avatarUrl: null,
        defaultDeckId: null,
        deletedAt: now,
        updatedAt: now,
        rev: sql`${users.rev} + 1`,
      })
      .where(eq(users.id, id));
    for (const [userId, refs] of audience.refs) changes.emit([userId], [...refs], { type: 'USER_DELETED', userId: id });
  });
  deps.hub.disconnectUser(id);
  securityLog(log, 'account deleted', { userId: id, ip: caller.ip });
}

/** Friendships and requests (both directions) and blocks (both directions) end. */
async function endTies(tx: Tx, id: string, audience: Audience): Promise<void> {
  const ended = await tx
    .delete(friendships)
    .where(or(eq(friendships.requesterId, id), eq(friendships.addresseeId, id)))
    .returning({ id: friendships.id, requesterId: friendships.requesterId, addresseeId: friendships.addresseeId });
  for (const friendship of ended) audience.tell([friendship.requesterId, friendship.addresseeId], ref('friendship', friendship.id));
  const blockers = await tx.delete(blocks).where(eq(blocks.blockedId, id)).returning({ blockerId: blocks.blockerId });
  for (const block of blockers) audience.tell([block.blockerId], ref('block', id));
  await tx.delete(blocks).where(eq(blocks.blockerId, id));
}

/** Leaves every pod: ownership passes to the longest-standing other member, a pod left empty is deleted. */
async function leavePods(tx: Tx, id: string, now: Date, audience: Audience): Promise<void> {
  const memberships = await tx
    .select({ podId: podMembers.podId })
    .from(podMembers)
    .where(eq(podMembers.userId, id))
    .orderBy(asc(podMembers.podId));
  // Invitations addressed to them go in any case.
  const invited = await tx
    .delete(podInvitations)
    .where(eq(podInvitations.inviteeId, id))
    .returning({ id: podInvitations.id, podId: podInvitations.podId, inviteeId: podInvitations.inviteeId });
  for (const invitation of invited) audience.tell(await audienceOfPodInvitation(tx, invitation), ref('podInvitation', invitation.id));
  for (const { podId } of memberships) {
    const [pod] = await tx.select().from(pods).where(eq(pods.id, podId)).for('update');
    if (!pod) continue;
    const others = await tx
      .select({ userId: podMembers.userId })
      .from(podMembers)
      .where(and(eq(podMembers.podId, podId), ne(podMembers.userId, id)))
      .orderBy(asc(podMembers.joinedAt), asc(podMembers.userId));
    const otherIds = others.map((member) => member.userId);
    const sent = await tx
      .delete(podInvitations)
      .where(and(eq(podInvitations.podId, podId), eq(podInvitations.invitedById, id)))
      .returning({ id: podInvitations.id, inviteeId: podInvitations.inviteeId });
    for (const invitation of sent) audience.tell(podInvitationAudience(invitation, otherIds), ref('podInvitation', invitation.id));
    if (otherIds.length === 0) {
      const pending = await tx.select({ id: podInvitations.id, inviteeId: podInvitations.inviteeId }).from(podInvitations).where(eq(podInvitations.podId, podId));
      for (const invitation of pending) audience.tell(podInvitationAudience(invitation, otherIds), ref('podInvitation', invitation.id));
      await tx.delete(pods).where(eq(pods.id, podId));
      await tx.insert(deletedPods).values({ id: podId, deletedAt: now }).onConflictDoNothing();
      continue;
    }
    await tx.delete(podMembers).where(and(eq(podMembers.podId, podId), eq(podMembers.userId, id)));
    await tx
      .update(pods)
      .set({ ...(pod.ownerId === id ? { ownerId: otherIds[0]! } : {}), updatedAt: now, rev: sql`${pods.rev} + 1` })
      .where(eq(pods.id, podId));
    const messages = await tx
      .select({ id: podMessages.id })
      .from(podMessages)
      .where(and(eq(podMessages.podId, podId), eq(podMessages.senderId, id)))
      .orderBy(desc(podMessages.createdAt))
      .limit(DELETED_POD_MESSAGE_REFS);
    audience.tell(otherIds, ref('pod', podId), ...messages.map((message) => ref('podMessage', message.id)));
  }
}

/** Their seats stay as guest seats under the name they played with; pending game invitations to and from them go. */
async function leaveGames(tx: Tx, id: string, now: Date, audience: Audience): Promise<void> {
  const invites = await tx
    .select({ id: gameInvites.id, gameId: gameInvites.gameId, seatNumber: gameInvites.seatNumber, inviteeId: gameInvites.inviteeId })
    .from(gameInvites)
    .where(or(eq(gameInvites.inviteeId, id), eq(gameInvites.invitedById, id)));
  const played = await tx.select({ gameId: gamePlayers.gameId }).from(gamePlayers).where(eq(gamePlayers.userId, id));
  const gameIds = [...new Set([...played.map((row) => row.gameId), ...invites.map((invite) => invite.gameId)])].sort();
  for (const gameId of gameIds) {
    // Lock order game → invitation, as the game mutators.
    const game = await findGame(tx, gameId, true);
    if (!game) continue;
    const open = invites.filter((invite) => invite.gameId === gameId);
    const seatsLeft = new Set(open.map((invite) => invite.seatNumber));
    if (open.length > 0) await tx.delete(gameInvites).where(inArray(gameInvites.id, open.map((invite) => invite.id)));
    const next = {
      ...game,
      participants: game.participants.map((p) => (p.userId === id || (seatsLeft.has(p.seatNumber) && !p.userId) ? asGuestSeat(p) : p)),
      updatedAt: now.toISOString(),
      rev: (game.rev ?? 1) + 1,
    };
    await saveGame(tx, next);
    await tx.delete(gamePlayers).where(and(eq(gamePlayers.gameId, gameId), eq(gamePlayers.userId, id)));
    for (const invite of open) audience.tell([invite.inviteeId], ref('gameInvite', invite.id));
    audience.tell(await audienceOfGame(tx, next), ref('game', gameId));
  }
}

/** Everyone they exchanged direct messages with: the conversation now shows "Deleted user". */
async function tellConversations(tx: Tx, id: string, audience: Audience): Promise<void> {
  const peers = await tx
    .selectDistinct({ peerId: sql<string>`CASE WHEN ${directMessages.senderId} = ${id} THEN ${directMessages.receiverId} ELSE ${directMessages.senderId} END` })
    .from(directMessages)
    .where(or(eq(directMessages.senderId, id), eq(directMessages.receiverId, id)));
  for (const { peerId } of peers) audience.tell([peerId], ref('conversation', id));
}

/** Everything only they had. */
async function deletePrivateRows(tx: Tx, id: string): Promise<void> {
  await tx.delete(decks).where(eq(decks.ownerId, id));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, id));
  await tx.delete(podNotificationMutes).where(eq(podNotificationMutes.userId, id));
  await tx.delete(authTokens).where(eq(authTokens.userId, id));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, id));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, id));
  await tx.delete(appliedMutations).where(eq(appliedMutations.userId, id));
  await tx.delete(syncLog).where(eq(syncLog.userId, id));
  await tx.delete(syncHeads).where(eq(syncHeads.userId, id));
  await tx.delete(avatars).where(eq(avatars.userId, id));
  // Their read markers (the tombstone row stays, so the foreign keys' cascade does not fire).
  await tx.delete(dmReadMarkers).where(eq(dmReadMarkers.userId, id));
  await tx.delete(podReadMarkers).where(eq(podReadMarkers.userId, id));
}
