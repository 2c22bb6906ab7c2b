/**
 * The scale test's clients, behaving like the app: a live socket that opens with a ticket,
 * reconnects after an abnormal close with full jitter (random × 1 s doubling to 30 s) and
 * then catches up; and writers that behave like the outbox (same Idempotency-Key on every
 * retry; network errors, 408, 429 and 5xx retried with backoff; other 4xx are failures).
 *
 * `catchUp` is the one place the catch-up request lives: the sync protocol's cursor pull
 * (GET /api/sync/pull?cursor=N, paged while `more`), from the last position the socket brought
 * in order — as the app does. A client that saw no event yet pulls from its start cursor.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** Pod messages written by the test carry this marker and their number. */
export const MARKER = 'scale#';
const CATCH_UP_TRIES = 5;

export interface Member {
  userId: string;
  token: string;
  podId: string;
}

export function markerOf(content: string): number | undefined {
  if (!content.startsWith(MARKER)) return undefined;
  const n = Number(content.slice(MARKER.length).split(' ')[0]);
  return Number.isInteger(n) ? n : undefined;
}

const backoff = (failures: number) => Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));

async function postJson(url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

/** Messages this client has seen, by number, with the moment they arrived (performance.now()). */
export type Seen = Map<number, number>;

/** The catch-up after a reconnect: the changes since `cursor`, page by page; the markers seen and the new cursor. */
export async function catchUp(baseUrl: string, member: Member, cursor: number): Promise<{ markers: number[]; cursor: number; requests: number }> {
  const markers: number[] = [];
  let requests = 0;
  for (let at = cursor; ; ) {
    requests += 1;
    const response = await fetch(`${baseUrl}/api/sync/pull?cursor=${at}`, {
      headers: { authorization: `Bearer ${member.token}` },
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status !== 200) throw new Error(`catch-up answered ${response.status}`);
    const page = (await response.json()) as { cursor: number; more: boolean; puts: { podMessages?: Array<{ content: string }> } };
    for (const message of page.puts.podMessages ?? []) {
      const n = markerOf(message.content);
      if (n !== undefined) markers.push(n);
    }
    at = page.cursor;
    if (!page.more) return { markers, cursor: at, requests };
  }
}

/** The head of the member's log before the test writes anything: where its socket's cursor starts. */
export async function startCursor(baseUrl: string, member: Member): Promise<number> {
  const response = await fetch(`${baseUrl}/api/sync/pull`, { headers: { authorization: `Bearer ${member.token}` }, signal: AbortSignal.timeout(60_000) });
  if (response.status !== 200) throw new Error(`first pull answered ${response.status}`);
  let page = (await response.json()) as { cursor: number; more: boolean };
  while (page.more) page = (await (await fetch(`${baseUrl}/api/sync/pull?cursor=${page.cursor}`, { headers: { authorization: `Bearer ${member.token}` } })).json()) as typeof page;
  return page.cursor;
}

export class ScaleClient {
  readonly seen: Seen = new Map();
  readonly viaPull = new Set<number>();
  socket: WebSocket | undefined;
  /** Set at the first abnormal close after `armed`; then reopened / caught up. */
  droppedAt: number | undefined;
  reopenedAt: number | undefined;
  caughtUpAt: number | undefined;
  duplicates = 0;
  failures = 0;
  /** The last log position applied in order (events with pos ≤ cursor are old; a gap waits for the pull). */
  cursor = 0;
  catchUpRequests = 0;
  private stopped = false;

  constructor(
    readonly member: Member,
    private readonly baseUrl: string,
    private readonly onMessage: (n: number, client: ScaleClient, at: number) => void,
  ) {}

  /** Opens the socket; resolves once it is open (rejects when it cannot). */
  async open(): Promise<void> {
    const ticket = await postJson(`${this.baseUrl}/api/live/ticket`, this.member.token, {});
    if (ticket.status !== 200) throw new Error(`ticket answered ${ticket.status}`);
    const url = `${this.baseUrl.replace(/^http/, 'ws')}/ws/?ticket=${encodeURIComponent((ticket.body as { ticket: string }).ticket)}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.on('message', (data) => {
      const text = data.toString();
      if (!text.includes('"POD_MESSAGE_NEW"')) return;
      const event = JSON.parse(text) as { pos?: number; payload: { content: string } };
      if (event.pos !== undefined && event.pos === this.cursor + 1) this.cursor = event.pos;
      const n = markerOf(event.payload.content);
      if (n === undefined) return;
      const at = performance.now();
      if (this.seen.has(n)) {
        if (!this.viaPull.has(n)) this.duplicates += 1;
        return;
      }
      this.seen.set(n, at);
      this.onMessage(n, this, at);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`closed ${code} before open`)));
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (this.stopped || this.socket !== socket) return;
      this.droppedAt ??= performance.now();
      this.scheduleReconnect(code === 1000);
    });
  }

  private scheduleReconnect(final: boolean): void {
    if (final || this.stopped) return;
    this.failures += 1;
    setTimeout(() => {
      if (this.stopped) return;
      this.open().then(
        async () => {
          this.failures = 0;
          this.reopenedAt ??= performance.now();
          // One catch-up request; retried with backoff only when it fails (as the app's next trigger would).
          for (let attempt = 1; attempt <= CATCH_UP_TRIES && !this.stopped; attempt++) {
            try {
              const pulled = await catchUp(this.baseUrl, this.member, this.cursor);
              this.catchUpRequests += pulled.requests;
              this.cursor = Math.max(this.cursor, pulled.cursor);
              for (const n of pulled.markers) {
                if (!this.seen.has(n)) {
                  this.seen.set(n, performance.now());
                  this.viaPull.add(n);
                }
              }
              this.caughtUpAt ??= performance.now();
              return;
            } catch {
              this.catchUpRequests += 1;
              await new Promise((resolve) => setTimeout(resolve, backoff(attempt)));
            }
          }
        },
        () => this.scheduleReconnect(false),
      );
    }, backoff(this.failures));
  }

  close(): void {
    this.stopped = true;
    this.socket?.terminate();
  }
}

export interface WriteResult {
  n: number;
  podId: string;
  startedAt: number;
  outcome: 'pending' | 'committed' | 'failed';
  attempts: number;
  lastStatus: number | string;
}

/** One write, retried like the outbox until committed, refused (4xx other than 408/429), or `deadline`. */
export async function writeLikeTheOutbox(baseUrl: string, member: Member, result: WriteResult, deadline: number): Promise<void> {
  const key = randomUUID();
  for (;;) {
    result.attempts += 1;
    try {
      const answer = await postJson(`${baseUrl}/api/pods/${member.podId}/messages`, member.token, { content: `${MARKER}${result.n} ${key}` }, { 'idempotency-key': key });
      result.lastStatus = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        result.outcome = 'committed';
        return;
      }
      if (answer.status !== 408 && answer.status !== 429 && answer.status < 500) {
        result.outcome = 'failed';
        return;
      }
    } catch (error) {
      result.lastStatus = (error as Error).name;
    }
    if (performance.now() > deadline) {
      result.outcome = 'failed';
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, backoff(result.attempts)));
  }
}
