/**
 * Blocking, shared by the app and the server. While A blocks B:
 * - B cannot send A a direct message, a friend request, a pod invitation or a seat in a game;
 *   each is answered exactly as for an account that does not exist ('User not found.', 404), so
 *   B cannot tell they are blocked;
 * - A cannot send B those either (A is told why: unblock first);
 * - blocking ends their friendship or pending request, and withdraws B's pending game invitations
 *   to A; pod chats they share stay shared (leave the pod, or its owner removes B);
 * - only A sees the block (Profile → Settings → Blocked users), and can undo it.
 *
 * Routes (signed in):
 *   GET    /api/blocks            → BlockedUser[] (mine)
 *   POST   /api/blocks {userId}   → 201 BlockedUser (blocking twice answers the block again)
 *   DELETE /api/blocks/{userId}   → 204 (not blocked: 204 too)
 * The spec's DELETE /api/friends/{id} stays "unfriend".
 */
import * as z from 'zod/mini';
import { safeText } from './text';
import { publicUserSchema } from './users';

export const blockedUserSchema = z.object({
  userId: z.string(),
  user: publicUserSchema,
  createdAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockUserBody = z.object({ userId: safeText().check(z.minLength(1), z.maxLength(64)) });

export const BlockText = {
  blockSelf: 'You cannot block yourself.',
  youBlocked: 'You blocked this user. Unblock them first.',
  title: 'Blocked users',
  empty: 'You have not blocked anyone.',
  loading: 'Loading blocked users...',
  failed: 'Unable to load blocked users.',
  confirmTitle: (name: string) => `Block ${name}?`,
  confirmText: (name: string) =>
    `${name} will be removed from your friends and can no longer message you, send you friend requests or invite you to pods and games. They are not told.`,
} as const;
