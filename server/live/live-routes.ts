/**
 * WebSocket endpoints `/ws` (also `/ws/`) and `/ws/:userId`, and the ticket they open with.
 *
 * A socket authenticates with `?ticket=` (POST /api/live/ticket; checked by signature, no
 * database round trip: tickets.ts) or, for clients written to the spec, `?token=` (the token
 * cache). Browsers see close codes, not HTTP statuses, so a bad credential still gets the
 * upgrade and is then closed: 4401 'unauthorized' (bad token or ticket, revoked), 4408
 * (ticket expired or used: fetch a new one), 1013 (ticket could not be checked now), 4403
 * 'forbidden' (a foreign :userId). A draining process answers the upgrade 503 + Retry-After.
 * An open socket that sends more than its frame budget (frame-budget.ts), or whose user's frames
 * other than PING go past the shared `liveFrame` budget (server/limits), is closed 1008.
 * A plain HTTP GET on these paths answers 426.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { LiveCloseCode, clientEvent, liveTicketSchema, type LiveTicket } from '../../src/contract/live';
import { requireUser } from '../auth/authenticate';
import type { TokenResolver } from '../auth/token-cache';
import { HttpError, sendError } from '../errors';
import { consumeWriteLimit, type Limits } from '../limits';
import { MAX_SOCKETS_PER_USER } from '../limits/policies';
import { redactUrl } from '../logging';
import type { Metrics } from '../metrics';
import { isSupportedProtocol } from '../sync/protocol';
import { CLIENT_FRAME_BUDGET, FrameBudget, scaledFrameBudget } from './frame-budget';
import type { LiveHub } from './hub';
import type { TicketBook, TicketCheck } from './tickets';

interface LiveRouteDeps {
  hub: LiveHub;
  now: () => Date;
  limits: Limits;
  config: { rateLimitScale: number };
  tokens: TokenResolver;
  tickets: TicketBook;
  metrics?: Pick<Metrics, 'liveTickets'>;
}

interface LiveGeneric {
  Params: { userId?: string };
  Querystring: { token?: unknown; ticket?: unknown; v?: unknown };
}
type LiveRequest = FastifyRequest<LiveGeneric>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Why a socket's ticket was refused (set before the upgrade, read after it). */
    ticketRefusal?: Exclude<TicketCheck, { ok: true }>['reason'];
  }
}

/** Bytes of a received message (ws hands over a Buffer, an ArrayBuffer or fragments). */
function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

/**
 * A socket closed for its frame budget stops being read at once (what its client still sends
 * waits in the kernel, unparsed) and is cut off this long after the close frame, whether or not
 * the client's close frame came back (it cannot be read while paused).
 */
const REFUSED_LINGER_MS = 1000;

const REFUSAL_CLOSE: Record<Exclude<TicketCheck, { ok: true }>['reason'], [number, string]> = {
  invalid: [LiveCloseCode.unauthorized, 'unauthorized'],
  revoked: [LiveCloseCode.unauthorized, 'unauthorized'],
  expired: [LiveCloseCode.ticketExpired, 'ticket expired'],
  used: [LiveCloseCode.ticketExpired, 'ticket already used'],
  unavailable: [LiveCloseCode.tryAgainLater, 'try again later'],
};

export function registerLiveRoutes(app: FastifyInstance, deps: LiveRouteDeps): void {
  const { hub, tokens, tickets, metrics } = deps;

  app.post('/api/live/ticket', { schema: { response: { 200: liveTicketSchema } } }, async (request): Promise<LiveTicket> => {
    const issued = tickets.issue(requireUser(request));
    metrics?.liveTickets.inc({ outcome: 'issued' });
    return issued;
  });

  /** Requests over the socket-open limit (server/limits): their upgrade is closed with 4429. */
  const overLimit = new WeakSet<FastifyRequest>();
  const maxSockets = MAX_SOCKETS_PER_USER * deps.config.rateLimitScale;
  const frameBudget = scaledFrameBudget(CLIENT_FRAME_BUDGET, deps.limits.scale);

  async function authenticateSocket(request: LiveRequest): Promise<void> {
    const { ticket, token } = request.query;
    if (ticket !== undefined) {
      const checked = await tickets.check(ticket);
      metrics?.liveTickets.inc({ outcome: checked.ok ? 'accepted' : checked.reason });
      if (checked.ok) request.user = checked.owner;
      else request.ticketRefusal = checked.reason;
    } else {
      request.user = (await tokens.resolve(token)) ?? null;
    }
    if (!request.user) return;
    try {
      await consumeWriteLimit(deps, 'socket', request.user.id, request.ip);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
      overLimit.add(request);
    }
  }

  function onSocket(socket: WebSocket, request: LiveRequest): void {
    const user = request.user;
    // Upgraded requests never reach onResponse (ops/request-log.ts): their debug line is here.
    request.log.debug({ method: request.method, url: redactUrl(request.url), route: request.routeOptions.url, userId: user?.id }, 'live socket');
    if (!user) {
      const [code, reason] = REFUSAL_CLOSE[request.ticketRefusal ?? 'invalid'];
      socket.close(code, reason);
      return;
    }
    if (!isSupportedProtocol(request.query.v)) {
      socket.close(LiveCloseCode.protocol, 'protocol');
      return;
    }
    if (overLimit.has(request) || hub.connectionCount(user.id) >= maxSockets) {
      request.log.info({ userId: user.id, open: hub.connectionCount(user.id) }, 'live socket refused: too many');
      socket.close(LiveCloseCode.tooMany, 'too many connections');
      return;
    }
    const wanted = request.params.userId;
    if (wanted && wanted !== user.id) {
      socket.close(LiveCloseCode.forbidden, 'forbidden');
      return;
    }
    const connection = hub.add(user.id, user.tokenHash, socket, user.expiresAt);
    const budget = new FrameBudget(frameBudget);
    // Once refused, frames already read before the pause are dropped unparsed.
    let refused = false;
    const refuse = (budgetName: 'socket' | 'user') => {
      if (refused) return;
      refused = true;
      request.log.info({ userId: user.id, budget: budgetName }, 'live socket over its frame budget; closing it');
      socket.close(LiveCloseCode.policyViolation, 'too many frames');
      socket.pause();
      const linger = setTimeout(() => socket.terminate(), REFUSED_LINGER_MS);
      linger.unref();
      socket.once('close', () => clearTimeout(linger));
    };
    const spend = (bytes: number): boolean => {
      if (refused) return false;
      if (budget.spend(bytes)) return true;
      refuse('socket');
      return false;
    };
    socket.on('ping', (data: Buffer) => void spend(data.length));
    socket.on('pong', (data: Buffer) => void spend(data.length));
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (!spend(byteLength(data))) return;
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
      const message = result.data;
      // PING is answered from memory; every other frame may cost its handler a database read.
      const counted =
        message.type === 'PING'
          ? Promise.resolve(true)
          : consumeWriteLimit(deps, 'liveFrame', user.id, request.ip).then(
              () => true,
              (error: unknown) => {
                if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
                refuse('user');
                return false;
              },
            );
      counted
        .then((go) => (go && !refused ? hub.receive(connection, message) : undefined))
        .catch((error: unknown) => request.log.error({ err: error }, 'live message handler failed'));
    });
  }

  const options = {
    websocket: true as const,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      // A plain GET (no upgrade) gets a JSON 426 instead of the plugin's empty 404.
      if (!request.ws) return sendError(reply, 426, 'This address takes a WebSocket connection.', { upgrade: 'websocket' });
      if (!hub.accepting) return sendError(reply, 503, 'The server is restarting. Please try again in a moment.', { 'retry-after': '1' });
    },
    preHandler: authenticateSocket,
  };
  app.get<LiveGeneric>('/ws', options, onSocket);
  app.get<LiveGeneric>('/ws/:userId', options, onSocket);
}
