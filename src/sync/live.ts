/**
 * The one live connection of a session (design.md, "Push"). Events go straight into the
 * mirror through `onEvent`; screens never see the socket. Invariants:
 * - no token, no connection;
 * - an abnormal close reconnects after 1 s doubling to 30 s; a normal close (1000) and the
 *   server's 4401/4403 (bad or foreign token) do not;
 * - after every (re)connect `onOpen` runs, so a pull catches up on what the socket missed;
 * - a message that fails to parse is recorded (`parseFailures`) and skipped.
 */
import { LiveCloseCode, serverEvent, type ClientEvent, type ServerEvent } from '../contract/live';
import { backoffDelay } from './backoff';

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
  url: (token: string) => string;
  getToken: () => string | null;
  createSocket: (url: string) => WebSocketLike;
  onEvent: (event: ServerEvent) => void | Promise<void>;
  onOpen?: () => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
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
  const listeners = new Set<(status: LiveStatus) => void>();
  let socket: WebSocketLike | undefined;
  let status: LiveStatus = 'idle';
  let failures = 0;
  let parseFailures = 0;
  let retryTimer: unknown;
  let wanted = false;

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener(next);
  }

  function open(): void {
    const token = options.getToken();
    if (!wanted || !token) {
      setStatus('idle');
      return;
    }
    setStatus('connecting');
    const current = options.createSocket(options.url(token));
    socket = current;
    current.onopen = () => {
      failures = 0;
      setStatus('open');
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
      setStatus('closed');
      const final = event.code === LiveCloseCode.normal || event.code === LiveCloseCode.unauthorized || event.code === LiveCloseCode.forbidden;
      if (!wanted || final) {
        wanted = wanted && !final;
        return;
      }
      failures += 1;
      retryTimer = setTimer(open, backoffDelay(failures));
    };
    current.onerror = () => undefined;
  }

  return {
    connect() {
      if (wanted && socket) return;
      wanted = true;
      if (retryTimer !== undefined) clearTimer(retryTimer);
      retryTimer = undefined;
      open();
    },
    disconnect() {
      wanted = false;
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
