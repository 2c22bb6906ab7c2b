/**
 * Serves the built app from STATIC_DIR (skipped when the folder does not exist, e.g. before
 * the first `npm run build`). Caching: /assets/* carry a content hash in their names and are
 * cached for a year as immutable; everything else (index.html, sw.js, the manifest, icons)
 * is `no-cache` — revalidated on every use, so a deploy is seen at once and the service
 * worker updates. Unknown paths: GET/HEAD asking for HTML get index.html (the app's router
 * decides); /api/*, /ws* and everything else get a JSON 404.
 *
 * Compression: the build writes `.br` and `.gz` copies beside each text file
 * (scripts/compress-dist.ts); `preCompressed` sends the best one the client accepts with its
 * Content-Encoding, and every file that has copies answers `Vary: Accept-Encoding` (also when
 * sent as it is), so a shared cache never hands brotli to a client that asked for identity.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

const COMPRESSED_COPY = /\.(br|gz)$/;

/** True when the file sent is a compressed copy, or has one (the answer depends on Accept-Encoding). */
function hasCompressedCopies(filePath: string): boolean {
  return COMPRESSED_COPY.test(filePath) || fs.existsSync(`${filePath}.br`) || fs.existsSync(`${filePath}.gz`);
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

function isApiOrSocketPath(url: string): boolean {
  return /^\/(api|ws)(\/|\?|$)/.test(url);
}

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const indexFile = path.join(staticDir, 'index.html');
  const enabled = fs.existsSync(indexFile);
  if (enabled) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // Dotfiles (.env, .git) are never served.
      dotfiles: 'deny',
      setHeaders(res, filePath) {
        const relative = path.relative(staticDir, filePath).split(path.sep).join('/');
        res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
        if (hasCompressedCopies(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', (_request, reply) => reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').sendFile('index.html'));
  } else {
    app.log.info({ staticDir }, 'no built app (index.html) in STATIC_DIR; serving the API only');
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (enabled && isRead && !isApiOrSocketPath(request.url) && wantsHtml(request)) {
      return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(reply, 404, isApiOrSocketPath(request.url) ? 'No such API endpoint.' : 'Not found.');
  });
  return enabled;
}
