/**
 * Compression of dynamic answers (@fastify/compress). The built app's files are compressed at
 * build time instead (scripts/compress-dist.ts) and served by static.ts as they are.
 *
 * Invariants:
 * - Registered AFTER the idempotency hook: onSend hooks run in registration order, so the stored
 *   first answer of a write is plain JSON, and a replayed answer is compressed like any other.
 * - Only answers of at least COMPRESS_THRESHOLD_BYTES are compressed: below ~1 kB the headers and
 *   the CPU cost more than the bytes saved (one TCP packet either way).
 * - Request bodies are never decompressed (a small compressed body must not expand past the
 *   JSON body limit behind the parser's back): one with a Content-Encoding is answered 415.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';
import { constants } from 'node:zlib';

export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli 4 compresses JSON about as well as gzip 6 at a similar CPU cost; the default (11) is
 * meant for files compressed once, not per request.
 */
const BROTLI_DYNAMIC_QUALITY = 4;

/** JSON answers and text; images (avatars) are compressed already. */
const COMPRESSIBLE = /^(application\/(?:[\w.+-]+\+)?json|text\/)/;

export const COMPRESSED_BODY_REFUSED = 'Compressed request bodies are not accepted; send plain JSON.';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    const encoding = request.headers['content-encoding'];
    // Answered here (a callback hook that sends must not call done).
    if (encoding && encoding.trim().toLowerCase() !== 'identity') return void sendError(reply, 415, COMPRESSED_BODY_REFUSED);
    done();
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_DYNAMIC_QUALITY } },
  });
}
