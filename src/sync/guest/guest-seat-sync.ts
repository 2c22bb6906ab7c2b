/**
 * A guest seat's one way in and out (src/contract/game-guest.ts, docs/playmat.md "Joining"): no
 * account, no user session, no socket. The /guest page renders only the mirror's `guestSeats`
 * row of its game and the taps waiting in `guestTaps`; this module moves them.
 * - Joining: online only (the server picks who gets a seat); the answer's credential is stored in
 *   the seat's row, its only copy.
 * - Taps: written to `guestTaps` at once (the page draws them on top of the last table, so a tap
 *   shows with no signal and survives a closed app), then sent one at a time in order, each
 *   exactly once by its increment id (a repeat after a lost answer changes nothing on the
 *   server). A tap the server refuses for good (400, 403, 409: the game changed meanwhile) is
 *   dropped; a 401 ends the seat.
 * - The table: polled like the TV view's (src/sync/watch/poll-loop.ts, every WATCH_POLL_MS with
 *   If-None-Match) once no tap waits, so a poll never shows a table without the device's own taps.
 *   An answer of an older revision than the row holds is ignored.
 * - The game ended: the server answers its final table (the winner on the guest's screen, as on
 *   every other), which stays; taps still waiting can never apply and are dropped (the server
 *   refuses them 409), and polling stops.
 * - 401 (the creator undid the join, the seat expired): the table is dropped, the waiting taps
 *   too, the row says `gone` with the server's reason, and polling stops.
 */
import { GUEST_SEAT_SCHEME, guestSeatCreatedSchema, guestSeatViewSchema, type GuestSeatView } from '../../contract/game-guest';
import type { GameIncrement } from '../../contract/game';
import { joinPreviewSchema, type JoinPreview } from '../../contract/game-join';
import { WATCH_POLL_MS } from '../../contract/game-watch';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../contract/sync';
import type { GuestSeatRow, PodTableDB } from '../../db/schema';
import { ApiError, NetworkError, serverMessage } from '../engine/api';
import { answerOf, backoffMs, retryAfterMs, startPollLoop, type PollOutcome } from '../watch/poll-loop';

export interface GuestSeatSyncOptions {
  fetchImpl?: typeof fetch;
  intervalMs?: number;
  baseUrl?: string;
}

export interface GuestSeatSync {
  /** Sends waiting taps now rather than at the next poll. */
  wake(): void;
  stop(): void;
}

/** Taps sent in one turn of the loop before the table is read again. */
const TAPS_PER_TURN = 20;

const baseHeaders = () => ({ Accept: 'application/json', [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) });

async function postJson(options: GuestSeatSyncOptions, path: string, body: unknown): Promise<unknown> {
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`${options.baseUrl ?? ''}${path}`, { method: 'POST', headers: { ...baseHeaders(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    throw new NetworkError(error);
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new ApiError(response.status, parsed);
    throw new ApiError(response.status, parsed, serverMessage(error));
  }
  return parsed;
}

/** The table a code opens to someone signed out (the free seats). */
export async function previewAsGuest(code: string, options: GuestSeatSyncOptions = {}): Promise<JoinPreview> {
  return joinPreviewSchema.parse(await postJson(options, '/api/games/join/guest/preview', { code }));
}

/** Takes a seat under `name` and keeps its credential; answers the game's id. */
export async function joinAsGuest(db: PodTableDB, code: string, seatNumber: number, name: string, options: GuestSeatSyncOptions = {}): Promise<string> {
  const created = guestSeatCreatedSchema.parse(await postJson(options, '/api/games/join/guest', { code, seatNumber, name }));
  await db.transaction('rw', db.guestSeats, db.guestTaps, async () => {
    await db.guestTaps.where('gameId').equals(created.gameId).delete();
    await db.guestSeats.put({
      gameId: created.gameId,
      token: created.token,
      seatNumber: created.seatNumber,
      name: created.name,
      expiresAt: created.expiresAt,
      view: null,
      rev: 0,
      etag: null,
      state: 'loading',
      goneReason: null,
      answeredAt: null,
    });
  });
  return created.gameId;
}

/** Queues a tap of the seat's own counters (the page shows it at once, on top of the last table). */
export async function tapAsGuest(db: PodTableDB, gameId: string, change: Omit<GameIncrement, 'id'>): Promise<void> {
  await db.transaction('rw', db.guestSeats, db.guestTaps, async () => {
    const row = await db.guestSeats.get(gameId);
    if (!row || row.state === 'gone' || change.seat !== row.seatNumber) return;
    await db.guestTaps.add({ gameId, increment: { ...change, id: crypto.randomUUID() } });
  });
}

/** Starts sending the seat's taps and polling its table into the mirror. */
export function syncGuestSeat(db: PodTableDB, gameId: string, options: GuestSeatSyncOptions = {}): GuestSeatSync {
  const doFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const intervalMs = options.intervalMs ?? WATCH_POLL_MS;
  const base = options.baseUrl ?? '';
  let failures = 0;
  let stopped = false;

  const change = (row: GuestSeatRow, next: Partial<GuestSeatRow>) => db.guestSeats.put({ ...row, ...next });

  /** A view the server answered: kept unless the row already shows a later revision. */
  async function keep(view: GuestSeatView, etag: string | null, sentTap?: number): Promise<void> {
    await db.transaction('rw', db.guestSeats, db.guestTaps, async () => {
      if (sentTap !== undefined) await db.guestTaps.delete(sentTap);
      const row = await db.guestSeats.get(gameId);
      if (!row || row.state === 'gone') return;
      const newer = view.rev >= row.rev;
      await change(row, { ...(newer ? { view: view.view, rev: view.rev, etag } : {}), state: 'live', answeredAt: Date.now() });
    });
  }

  async function gone(reason: string | undefined): Promise<PollOutcome> {
    await db.transaction('rw', db.guestSeats, db.guestTaps, async () => {
      await db.guestTaps.where('gameId').equals(gameId).delete();
      const row = await db.guestSeats.get(gameId);
      if (row) await change(row, { view: null, etag: null, state: 'gone', goneReason: reason ?? null, answeredAt: Date.now() });
    });
    return { kind: 'stop' };
  }

  async function offline(): Promise<PollOutcome> {
    failures += 1;
    const row = await db.guestSeats.get(gameId);
    if (!stopped && row && row.state !== 'offline' && row.state !== 'gone') await change(row, { state: 'offline' });
    return { kind: 'again', waitMs: backoffMs(intervalMs, failures) };
  }

  const reasonOf = (text: string): string | undefined => {
    try {
      const body = JSON.parse(text) as { message?: unknown };
      return typeof body.message === 'string' ? body.message : undefined;
    } catch {
      return undefined;
    }
  };

  const viewOf = (text: string): GuestSeatView | null => {
    try {
      const parsed = guestSeatViewSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  async function poll(): Promise<PollOutcome> {
    const row = await db.guestSeats.get(gameId);
    if (stopped || !row || row.state === 'gone') return { kind: 'stop' };
    const auth = { ...baseHeaders(), Authorization: `${GUEST_SEAT_SCHEME} ${row.token}` };

    // The waiting taps first, in order.
    for (let sent = 0; sent < TAPS_PER_TURN; sent += 1) {
      const tap = await db.guestTaps.where('gameId').equals(gameId).first();
      if (!tap) break;
      if (stopped) return { kind: 'stop' };
      const answer = await answerOf(doFetch, `${base}/api/guest-seat/increments`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(tap.increment),
      });
      if (stopped) return { kind: 'stop' };
      if (!answer) return offline();
      const { response, text } = answer;
      if (response.status === 401) return gone(reasonOf(text));
      if (response.status === 429) return { kind: 'again', waitMs: retryAfterMs(response, intervalMs) };
      if (response.status === 400 || response.status === 403 || response.status === 409) {
        // Refused for good (the game changed meanwhile): the tap can never apply.
        await db.guestTaps.delete(tap.seq!);
        continue;
      }
      const view = response.ok ? viewOf(text) : null;
      if (!view) return offline();
      failures = 0;
      await keep(view, null, tap.seq);
    }
    if (await db.guestTaps.where('gameId').equals(gameId).count()) return { kind: 'again', waitMs: 0 };

    const current = (await db.guestSeats.get(gameId)) ?? row;
    if (stopped) return { kind: 'stop' };
    const headers: Record<string, string> = { ...auth };
    if (current.etag && current.view) headers['If-None-Match'] = current.etag;
    const answer = await answerOf(doFetch, `${base}/api/guest-seat`, { headers });
    if (stopped) return { kind: 'stop' };
    if (!answer) return offline();
    const { response, text } = answer;
    if (response.status === 401) return gone(reasonOf(text));
    if (response.status === 429) return { kind: 'again', waitMs: retryAfterMs(response, intervalMs) };
    if (response.status === 304) {
      failures = 0;
      if (current.state !== 'live') await change(current, { state: 'live', answeredAt: Date.now() });
      return { kind: 'again', waitMs: intervalMs };
    }
    const view = response.ok ? viewOf(text) : null;
    if (!view) return offline();
    failures = 0;
    await keep(view, response.headers.get('etag'));
    if (view.view.status !== 'ACTIVE') {
      // The final table: nothing changes it any more, and a tap can no longer apply.
      await db.guestTaps.where('gameId').equals(gameId).delete();
      return { kind: 'stop' };
    }
    return { kind: 'again', waitMs: intervalMs };
  }

  const loop = startPollLoop(poll, () => {
    failures = 0;
  });
  return {
    wake: () => loop.wake(),
    stop() {
      stopped = true;
      loop.stop();
    },
  };
}
