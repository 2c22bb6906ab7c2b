/**
 * WebSocket endpoints: `/ws` (also `/ws/`) and `/ws/:userId`, authenticated by the `token`
 * query parameter (browsers cannot set headers on a WebSocket). The token is checked before
 * the upgrade; a bad one still gets the upgrade and is then closed with 4401 'unauthorized'
 * (a browser sees close codes, not HTTP statuses), a foreign :userId with 4403 'forbidden'.
 * A plain HTTP GET on these paths answers 426.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { LiveCloseCode, clientEvent } from '../../src/contract/live';
import { resolveToken } from '../auth/tokens';
import type { Db } from '../db/types';
import { sendError } from '../errors';
import type { LiveHub } from './hub';

interface LiveRouteDeps {
  db: Db;
  hub: LiveHub;
  now: () => Date;
}

interface LiveGeneric {
  Params: { userId?: string };
  Querystring: { token?: unknown };
}
type LiveRequest = FastifyRequest<LiveGeneric>;

export function registerLiveRoutes(app: FastifyInstance, deps: LiveRouteDeps): void {
  const { hub } = deps;

  async function authenticateSocket(request: LiveRequest): Promise<void> {
    const token = request.query.token;
    request.user = (await resolveToken(deps.db, typeof token === 'string' ? token : undefined, deps.now())) ?? null;
  }

  function onSocket(socket: WebSocket, request: LiveRequest): void {
    const user = request.user;
    if (!user) {
      socket.close(LiveCloseCode.unauthorized, 'unauthorized');
      return;
    }
    const wanted = request.params.userId;
    if (wanted && wanted !== user.id) {
      socket.close(LiveCloseCode.forbidden, 'forbidden');
      return;
    }
    const connection = hub.add(user.id, user.tokenHash, socket);
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        request.log.debug({ userId: user.id }, 'live frame is not JSON; ignored');
        return;
      }
      const result = clientEvent.safeParse(parsed);
      if (!result.success) {
        request.log.debug({ userId: user.id, issue: result.error.issues[0]?.message }, 'live frame not understood; ignored');
        return;
      }
      hub.receive(connection, result.data).catch((error: unknown) => request.log.error({ err: error }, 'live message handler failed'));
    });
  }

  const options = {
    websocket: true as const,
    // A plain GET (no upgrade) gets a JSON 426 instead of the plugin's empty 404.
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.ws) return sendError(reply, 426, 'This address takes a WebSocket connection.', { upgrade: 'websocket' });
    },
    preHandler: authenticateSocket,
  };
  app.get<LiveGeneric>('/ws', options, onSocket);
  app.get<LiveGeneric>('/ws/:userId', options, onSocket);
}
