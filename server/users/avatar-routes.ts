/**
 * Avatar upload (multipart field `avatar`) and serving. The type is decided by the file's
 * bytes (magic numbers), never by its name or declared type; only PNG, JPEG, GIF and WebP
 * are kept, at most AVATAR_MAX_BYTES (2 MB). Bytes live in the database so any server
 * instance can serve them. Serving needs no token: an <img> cannot send a bearer header.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import * as z from 'zod/mini';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type AvatarMimeType } from '../../src/contract/limits';
import { ServerText } from '../../src/contract/users';
import { requireUser } from '../auth/authenticate';
import { avatars, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError, badRequest, notFound, unauthorized } from '../errors';
import { withChangeLog } from '../sync/log-writes';
import { ref } from '../sync/refs';
import { uuidParams } from '../http/params';
import { documented } from '../http/zod-validation';
import { isUuid } from '../validate';
import { readUploadedFile } from './avatar-part';
import { avatarPath, toUser } from './view';

export const AVATAR_TYPE_MESSAGE = 'Avatar must be a PNG, JPEG, GIF or WebP image.';
export const AVATAR_TOO_LARGE_MESSAGE = `Avatar must be at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`;
const AVATAR_NOT_FOUND = 'This user has no avatar.';

function isAvatarMime(mime: string | undefined): mime is AvatarMimeType {
  return (AVATAR_MIME_TYPES as readonly string[]).includes(mime ?? '');
}

export function registerAvatarRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  app.post('/api/users/avatar', { config: { idempotent: true } }, async (request) => {
    const { id } = requireUser(request);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the avatar as multipart/form-data in a field named avatar.');
    const bytes = await readUploadedFile(request, 'avatar', AVATAR_TOO_LARGE_MESSAGE);
    if (bytes.length === 0) throw badRequest('Choose an image to upload.');
    const mime = (await fileTypeFromBuffer(bytes))?.mime;
    if (!isAvatarMime(mime)) throw badRequest(AVATAR_TYPE_MESSAGE);

    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const now = deps.now();
    const row = await withChangeLog(deps, async (tx, log) => {
      await tx
        .insert(avatars)
        .values({ userId: id, mime, bytes, version, updatedAt: now })
        .onConflictDoUpdate({ target: avatars.userId, set: { mime, bytes, version, updatedAt: now } });
      const [updated] = await tx
        .update(users)
        .set({ avatarUrl: avatarPath(id, version), updatedAt: now, rev: sql`${users.rev} + 1` })
        .where(eq(users.id, id))
        .returning();
      if (updated) log.emit([id], [ref('user', id)], { type: 'USER_UPDATED', payload: toUser(updated) });
      return updated;
    });
    if (!row) throw unauthorized(ServerText.unauthorized);
    return toUser(row);
  });

  // `v` only picks the cache lifetime (any other value is a revalidated answer), so it is documented, not checked.
  const avatarSchema = { params: uuidParams('id'), querystring: documented(z.object({ v: z.optional(z.string()) })) };
  app.get<{ Params: { id: string }; Querystring: { v?: unknown } }>('/api/users/:id/avatar', { config: { public: true }, schema: avatarSchema }, async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(AVATAR_NOT_FOUND);
    const [avatar] = await db.select().from(avatars).where(eq(avatars.userId, id)).limit(1);
    if (!avatar) throw notFound(AVATAR_NOT_FOUND);
    const etag = `"${avatar.version}"`;
    // A versioned URL never changes content (a new upload gets a new ?v=), so it may be cached for good.
    const cacheControl = request.query.v === avatar.version ? 'public, max-age=31536000, immutable' : 'no-cache';
    reply.header('etag', etag).header('cache-control', cacheControl).header('content-security-policy', "default-src 'none'");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(avatar.mime).send(avatar.bytes);
  });
}
