/**
 * The one live connection of a session (docs/architecture.md, "Live events"). Events go
 * straight into the mirror through `onEvent`; screens never see the socket. Invariants:
 * - no token, no connection;
 * - an abnormal close reconnects after a random delay up to the backoff (1 s doubling to 30 s;
 *   "full jitter", so the clients of a restarted server do not all return at once); a normal
 *   close (1000), 4401/4403 (bad or foreign token) and 4426 (protocol not served) do not;
 * - a 1008 (this client sent more frames than the server allows) is reconnected no sooner than
 *   POLICY_RETRY_FLOOR_MS plus the backoff of the 1008s so far: its opens succeed, which reset
 *   the ordinary backoff, so these closes are counted apart and only `disconnect()` forgets them;
 * - `url` may be async (it fetches a live ticket): its failure counts as a failed connection,
 *   except an answer with status 401 (the token is no longer valid), which is final; when no
 *   network answered it (NetworkError) while the platform says online, the next try is at most
 *   UNREACHABLE_RETRY_CAP_MS away (nothing else tells when the connection works again);
 * - after every (re)connect `onOpen` runs, so a pull catches up on what the socket missed;
 * - while open it PINGs every PING_INTERVAL_MS; the PONG carries the head of the user's log, so a
 *   socket that missed an event (a server died between commit and publish) is caught up too;
 * - a message that fails to parse is recorded (`parseFailures`) and skipped.
 */
import { FINAL_CLOSE_CODES, LiveCloseCode, serverEvent, type ClientEvent, type ServerEvent } from '../../contract/live';
import { NetworkError } from './api';
import { backoffDelay, UNREACHABLE_RETRY_CAP_MS } from './backoff';

/** Under the usual 30–60 s idle timeouts of proxies and NATs, and the server's 30 s heartbeat. */
export const PING_INTERVAL_MS = 25_000;
/** After a 1008 the next try waits at least this long (and more with each 1008: never a tight loop). */
export const POLICY_RETRY_FLOOR_MS = 5_000;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface WebSocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveClientOptions {
  url: (token: string) => string | Promise<string>;
  getToken: () => string | null;
  createSocket: (url: string) => WebSocketLike;
  onEvent: (event: ServerEvent) => void | Promise<void>;
  onOpen?: () => void;
  /** The server closed with 4426: this app's protocol is not served any more. */
  onProtocolRefused?: () => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** [0, 1) like Math.random (tests fix it). */
  random?: () => number;
  /** The platform's idea of the network (navigator.onLine; true where there is none, as in Node). */
  isOnline?: () => boolean;
}

export interface LiveClient {
  connect(): void;
  /** Normal close (1000): not reconnected until `connect()` is called again. */
  disconnect(): void;
  send(event: ClientEvent): boolean;
  readonly status: LiveStatus;
  readonly parseFailures: number;
  subscribe(listener: (status: LiveStatus) => void): () => void;
}

const OPEN = 1;

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const random = options.random ?? Math.random;
  const isOnline = options.isOnline ?? (() => (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine !== false);
  const listeners = new Set<(status: LiveStatus) => void>();
  let socket: WebSocketLike | undefined;
  let status: LiveStatus = 'idle';
  let failures = 0;
  /** 1008 closes since the last disconnect(): not reset by a successful open. */
  let policyCloses = 0;
  let parseFailures = 0;
  let retryTimer: unknown;
  let wanted = false;
  /** Bumped by every open and disconnect: a ticket that arrives for an older one is ignored. */
  let generation = 0;
  let opening = false;
  let pingTimer: unknown;

  function stopPing(): void {
    if (pingTimer !== undefined) clearTimer(pingTimer);
    pingTimer = undefined;
  }

  function schedulePing(current: WebSocketLike): void {
    pingTimer = setTimer(() => {
      if (socket !== current || current.readyState !== OPEN) return;
      current.send(JSON.stringify({ type: 'PING' } satisfies ClientEvent));
      schedulePing(current);
    }, PING_INTERVAL_MS);
  }

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener(next);
  }

  function retryLater(unreachable = false): void {
    failures += 1;
    retryTimer = setTimer(open, backoffDelay(failures, random, unreachable && isOnline() ? UNREACHABLE_RETRY_CAP_MS : undefined));
  }

  function open(): void {
    const token = options.getToken();
    if (!wanted || !token) {
      setStatus('idle');
      return;
    }
    setStatus('connecting');
    const mine = ++generation;
    let url: string | Promise<string>;
    try {
      url = options.url(token);
    } catch (error) {
      url = Promise.reject(error);
    }
    if (typeof url === 'string') {
      connectTo(url);
      return;
    }
    opening = true;
    url.then(
      (resolved) => {
        if (mine !== generation) return;
        opening = false;
        if (wanted) connectTo(resolved);
      },
      (error: unknown) => {
        if (mine !== generation) return;
        opening = false;
        setStatus('closed');
        if ((error as { status?: unknown } | null)?.status === 401) wanted = false;
        else if (wanted) retryLater(error instanceof NetworkError);
      },
    );
  }

  function connectTo(url: string): void {
    const current = options.createSocket(url);
    socket = current;
    current.onopen = () => {
      failures = 0;
      setStatus('open');
      stopPing();
      schedulePing(current);
      options.onOpen?.();
    };
    current.onmessage = (message) => {
      let event: ServerEvent;
      try {
        const parsed = serverEvent.safeParse(JSON.parse(String(message.data)));
        if (!parsed.success) {
          parseFailures += 1;
          return;
        }
        event = parsed.data;
      } catch {
        parseFailures += 1;
        return;
      }
      void Promise.resolve(options.onEvent(event)).catch((error) => console.error('live event not applied', error));
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = undefined;
      stopPing();
      setStatus('closed');
      if (event.code === LiveCloseCode.protocol) options.onProtocolRefused?.();
      const final = FINAL_CLOSE_CODES.has(event.code);
      if (!wanted || final) {
        wanted = wanted && !final;
        return;
      }
      if (event.code === LiveCloseCode.policyViolation) {
        policyCloses += 1;
        retryTimer = setTimer(open, POLICY_RETRY_FLOOR_MS + backoffDelay(policyCloses, random));
        return;
      }
      retryLater();
    };
    current.onerror = () => undefined;
  }

  return {
    connect() {
      if (wanted && (socket || opening)) return;
      wanted = true;
      if (retryTimer !== undefined) clearTimer(retryTimer);
      retryTimer = undefined;
      open();
    },
    disconnect() {
      wanted = false;
      policyCloses = 0;
      generation += 1;
      opening = false;
      stopPing();
      if (retryTimer !== undefined) clearTimer(retryTimer);
      retryTimer = undefined;
      const current = socket;
      socket = undefined;
      current?.close(LiveCloseCode.normal, 'logout');
      setStatus('idle');
    },
    send(event) {
      if (!socket || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(event));
      return true;
    },
    get status() {
      return status;
    },
    get parseFailures() {
      return parseFailures;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
