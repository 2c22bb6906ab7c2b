/**
 * Finding people is an online read: results are stored in the mirror (so names and avatars
 * of people met once stay known offline) and returned for the screen that asked.
 */
import * as z from 'zod/mini';
import { publicUserSchema, type PublicUser } from '../../contract/users';
import type { SyncContext } from '../context';
import { upsertPublicUsers } from '../public-users';

const publicUsers = z.array(publicUserSchema);

export async function searchUsers(ctx: SyncContext, query: string): Promise<PublicUser[]> {
  const q = query.trim();
  if (!q) return [];
  const users = publicUsers.parse(await ctx.api.request('GET', `/api/users/search?username=${encodeURIComponent(q)}`));
  await upsertPublicUsers(ctx.db, users);
  return users;
}

export async function listAllUsers(ctx: SyncContext): Promise<PublicUser[]> {
  const users = publicUsers.parse(await ctx.api.request('GET', '/api/users'));
  await upsertPublicUsers(ctx.db, users);
  return users;
}
