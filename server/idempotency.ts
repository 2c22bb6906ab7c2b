/**
 * Idempotent writes, for every route that opts in with `config: { auth: true, idempotent: true }`.
 * A non-GET request carrying `Idempotency-Key` runs once per (user, key):
 * - the first one reserves the key (INSERT … ON CONFLICT DO NOTHING) before its handler runs,
 *   so a concurrent duplicate cannot run the handler too: it gets 409;
 * - its answer is stored when the handler is done; a repeat gets that answer again (status and
 *   body, header `Idempotent-Replayed: true`) and changes nothing;
 * - 5xx, 408 and 429 are not stored (the reservation is dropped), so a retry can still succeed;
 * - a key reused for a different method or URL gets 422;
 * - a reservation left by a request that never finished (process killed mid-request) is taken
 *   over by a retry after ABANDONED_AFTER_MS;
 * - keys are kept IDEMPOTENCY_RETENTION_MS (24 h), then purged (maintenance.ts).
 * Known limit: the handler's writes and the stored answer are not one transaction; a crash
 * between them lets a retry run the handler again. Creates therefore also key on the
 * client-chosen id of what they create.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER } from '../src/contract/limits';
import { idempotencyKeys } from './db/schema';
import type { Db } from './db/types';
import { HttpError, badRequest, conflict } from './errors';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Longer than any request takes (argon2 ~20 ms, avatar upload of 2 MB on a slow phone ~ seconds). */
export const ABANDONED_AFTER_MS = 60_000;
export const IN_FLIGHT_MESSAGE = 'A request with this Idempotency-Key is still being processed.';
export const REPLAYED_HEADER = 'idempotent-replayed';

const KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request reserved; its answer is stored in onSend. */
    idempotencyKey: string | null;
  }
}

function storable(status: number): boolean {
  return status >= 200 && status < 500 && status !== 408 && status !== 429;
}

export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? undefined : raw.trim();
  if (!key || !KEY_PATTERN.test(key)) {
    throw badRequest(`The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters.`);
  }
  return key;
}

function replay(reply: FastifyReply, statusCode: number, body: unknown): FastifyReply {
  reply.code(statusCode).header(REPLAYED_HEADER, 'true');
  if (body === null || body === undefined || statusCode === 204) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

export function installIdempotency(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  const { db } = deps;
  app.decorateRequest('idempotencyKey', null);

  const reserve = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const user = request.user;
    if (!user) return;
    const key = readIdempotencyKey(request);
    if (!key) return;
    const fingerprint = `${request.method} ${request.url}`;

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const now = deps.now();
      const reserved = await db
        .insert(idempotencyKeys)
        .values({ userId: user.id, key, request: fingerprint, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (reserved.length > 0) {
        request.idempotencyKey = key;
        return;
      }
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
      if (!existing) continue; // its reservation was just dropped (a 5xx): try to reserve again
      if (existing.request !== fingerprint) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
      }
      if (existing.statusCode !== null) return replay(reply, existing.statusCode, existing.responseBody);
      if (now.getTime() - existing.createdAt.getTime() < ABANDONED_AFTER_MS) throw conflict(IN_FLIGHT_MESSAGE);
      const takenOver = await db
        .update(idempotencyKeys)
        .set({ createdAt: now })
        .where(
          and(
            eq(idempotencyKeys.userId, user.id),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.statusCode),
            eq(idempotencyKeys.createdAt, existing.createdAt),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length > 0) {
        request.idempotencyKey = key;
        return;
      }
    }
    throw conflict(IN_FLIGHT_MESSAGE);
  };
  // Callback style: only routes that opt in pay for a promise.
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.routeOptions.config?.idempotent || request.method === 'GET' || request.method === 'HEAD') return done();
    reserve(request, reply).then(
      // A replayed answer was sent by reserve: the handler must not run (do not call done).
      (replayed) => void (replayed ? undefined : done()),
      (error: Error) => done(error),
    );
  });

  const store = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, key: string, user: { id: string }): Promise<void> => {
    request.idempotencyKey = null;
    const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key));
    try {
      if (!storable(reply.statusCode)) {
        await db.delete(idempotencyKeys).where(where);
        return;
      }
      let body: unknown = null;
      const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      }
      await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: body }).where(where);
    } catch (error) {
      // The answer still goes out; the reservation is taken over after ABANDONED_AFTER_MS.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.idempotencyKey;
    const user = request.user;
    if (!key || !user) return done(null, payload);
    // The answer goes out whatever happens to the stored copy (store logs its own failures).
    const send = () => done(null, payload);
    store(request, reply, payload, key, user).then(send, send);
  });
}

export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)));
}
