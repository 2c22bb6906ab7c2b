/**
 * Finding people is an online read: results are stored in the mirror (so names and avatars
 * of people met once stay known offline) and returned for the screen that asked.
 */
import * as z from 'zod/mini';
import { publicUserSchema, type PublicUser } from '../../contract/users';
import type { SyncContext } from '../engine/context';
import { upsertPublicUsers } from '../engine/public-users';

const publicUsers = z.array(publicUserSchema);

export async function searchUsers(ctx: SyncContext, query: string): Promise<PublicUser[]> {
  const q = query.trim();
  if (!q) return [];
  const users = publicUsers.parse(await ctx.api.request('GET', `/api/users/search?username=${encodeURIComponent(q)}`));
  await upsertPublicUsers(ctx.db, users);
  return users;
}

/**
 * GET /api/users answers a page at a time (src/contract/user-list.ts); with `username` it answers
 * the accounts of that name, case-insensitively, whoever many accounts there are.
 */
export async function listAllUsers(ctx: SyncContext, username?: string): Promise<PublicUser[]> {
  const path = username?.trim() ? `/api/users?username=${encodeURIComponent(username.trim())}` : '/api/users';
  const users = publicUsers.parse(await ctx.api.request('GET', path));
  await upsertPublicUsers(ctx.db, users);
  return users;
}
