/**
 * Everything the server tells this device lands here, in ONE Dexie transaction: rows from a
 * pull, a push's answer or a live event; which mutations are now applied (their outbox entries
 * go), refused (marked failed, or dropped where the spec only logs), or failed without a
 * verdict (tried again, a bounded number of times). Invariants:
 * - the mirror shows rebase(server copy, pending writes) for every row a pending write touches;
 *   the server copy is kept in `bases` while such writes wait (src/sync/engine/rebase.ts);
 * - a row never goes back to an older revision (`rev`) than the one the mirror has;
 * - the cursor moves only from the position the data was read at (`cursor.from`): data read at
 *   another position is left out (the caller pulls again), acknowledgements still count. Data
 *   that shows the log up to `cursor.readAt` (a snapshot's rest) also lands on a cursor between
 *   `from` and `readAt`, which then stays where it is: nothing applied up to it is newer;
 * - only the rows the data touches are rebased, with only the writes that touch them: a long
 *   queue is not re-applied per answer.
 */
import type { GameIncrement } from '../../contract/game';
import type { SyncDels, SyncPuts } from '../../contract/sync';
import type { PodTableDB } from '../../db/schema';
import { applyIncrement } from '../../game/counters';
import { GAVE_UP_MESSAGE, MAX_ATTEMPTS } from './attempts';
import { readCursor, writeCursor, writeRestOwed } from './cursor';
import { splitKey } from '../../mutations/types';
import { planOutbox, signedInUser, UNUSABLE_WRITE, type Plan } from './plan';
import { upsertPublicUsers } from './public-users';
import { applyWrite, rebase } from './rebase';
import { readRecordedVerdicts, RECORDED_VERDICTS_KEY } from './recorded-verdicts';
import { embeddedUsers, incomingRows, isSyncedTable, SYNCED_TABLES, type SyncedTable } from './rows';

export { GAVE_UP_MESSAGE, MAX_ATTEMPTS };

export interface ServerData {
  puts?: SyncPuts;
  dels?: SyncDels;
  /** A full snapshot: every synced table is replaced (pending writes are re-applied on top). */
  reset?: boolean;
  /** Mutation ids the server has applied. */
  applied?: readonly string[];
  /** Mutation ids the server refused, with its message. */
  refused?: ReadonlyMap<string, string>;
  /** Mutation ids whose send ended without a verdict (a 5xx for it, a timeout): one more attempt counted. */
  errored?: readonly string[];
  /**
   * Mutation ids whose attempts were already counted up to MAX_ATTEMPTS (by the service worker,
   * src/sync/engine/recorded-verdicts.ts): shown failed, with no attempt counted again.
   */
  gaveUp?: readonly string[];
  /** A GAME_INCREMENT event: applied to the server copy of the game at revision `rev - 1`. */
  gameIncrement?: { gameId: string; rev: number; at: string; increment: GameIncrement };
  /**
   * A paged snapshot's head (true: its rest is owed) or its rest (false); recorded with the
   * cursor (src/sync/engine/cursor.ts). A reset without it owes nothing.
   */
  restOwed?: boolean;
  /** Move the cursor `from` → `to` (the data was read at `from`; it shows the log up to `readAt` when given). */
  cursor?: { from: number | null; to: number; readAt?: number };
  /** Rows ("table:id") to rebase even if nothing arrived for them (a write retried or discarded). */
  touch?: readonly string[];
}

/** 'stale': the cursor had moved, the data was left out; 'gap': the event does not follow the server copy (pull). */
export type ApplyOutcome = 'applied' | 'stale' | 'gap';

type Row = Record<string, unknown> | null;

function revOf(row: unknown): number | undefined {
  const rev = (row as { rev?: unknown } | null)?.rev;
  return typeof rev === 'number' ? rev : undefined;
}

/** A message's deletion stamp: deletion is final on the server (a deleted message is never edited or restored). */
function deletedAtOf(row: unknown): unknown {
  return (row as { deletedAt?: unknown } | null)?.deletedAt;
}

/**
 * The newer of two copies of one row (a copy without a revision counts as newer). Messages carry
 * no revision; a copy showing a message deleted is never replaced by one that does not (a read
 * that started before the deletion), so deleted text never comes back into the mirror.
 */
function newer(current: unknown, incoming: Row): Row {
  const a = revOf(current);
  const b = revOf(incoming);
  if (deletedAtOf(current) && incoming && !deletedAtOf(incoming)) return current as Row;
  return a !== undefined && b !== undefined && a > b ? (current as Row) : incoming;
}

async function readRow(db: PodTableDB, key: string): Promise<unknown> {
  const { table, id } = splitKey(key);
  if (!isSyncedTable(table)) return undefined;
  return db.table(table).get(id);
}

async function writeRow(db: PodTableDB, key: string, row: unknown): Promise<void> {
  const { table, id } = splitKey(key);
  if (!isSyncedTable(table)) return;
  if (row === null || row === undefined) {
    await db.table(table).delete(id);
    if (table === 'pods') {
      // A pod leaving this user's world takes its messages and invitations with it.
      await db.podMessages.where('[podId+createdAt]').between([id, ''], [id, '\uffff']).delete();
      await db.podInvitations.where('pod.id').equals(id).delete();
    }
    // A game leaving this user's world takes the pages of its story with it.
    if (table === 'games') await db.gameStory.where('gameId').equals(id).delete();
    return;
  }
  await db.table(table).put(row);
}

/** A pod's deletion also deletes its messages and invitations (writeRow): rows written around it must keep their order. */
const cascades = (key: string, row: unknown) => (row === null || row === undefined) && splitKey(key).table === 'pods';

/**
 * Writes `rows` ("table:id" → row, null to delete) as writeRow one by one would, with the puts of
 * each table in one bulkPut: one IndexedDB round trip per table instead of one per row (an answer
 * acknowledging 100 writes puts ~100 rows). Keys are distinct, so only a cascading deletion
 * (a pod) orders anything; when one is among them they are written one by one, in order.
 */
async function writeRows(db: PodTableDB, rows: ReadonlyArray<readonly [string, unknown]>): Promise<void> {
  if (rows.some(([key, row]) => cascades(key, row))) {
    for (const [key, row] of rows) await writeRow(db, key, row);
    return;
  }
  const puts = new Map<SyncedTable, unknown[]>();
  for (const [key, row] of rows) {
    const { table, id } = splitKey(key);
    if (!isSyncedTable(table)) continue;
    if (row === null || row === undefined) await db.table(table).delete(id);
    else if (puts.has(table)) puts.get(table)!.push(row);
    else puts.set(table, [row]);
  }
  for (const [table, list] of puts) await db.table(table).bulkPut(list);
}

/** The mirror's copies of `keys` (undefined where it has none), one bulkGet per table. */
async function readRows(db: PodTableDB, keys: readonly string[]): Promise<Map<string, unknown>> {
  const idsByTable = new Map<SyncedTable, string[]>();
  for (const key of keys) {
    const { table, id } = splitKey(key);
    if (!isSyncedTable(table)) continue;
    if (idsByTable.has(table)) idsByTable.get(table)!.push(id);
    else idsByTable.set(table, [id]);
  }
  const found = new Map<string, unknown>();
  for (const [table, ids] of idsByTable) {
    const rows = await db.table(table).bulkGet(ids);
    ids.forEach((id, index) => found.set(`${table}:${id}`, rows[index]));
  }
  return found;
}

/**
 * Applies `data`, after the verdicts the service worker recorded (src/sync/engine/recorded-verdicts.ts),
 * in the same transaction: every piece of server data is applied over a mirror in which the
 * worker's verdicts are already applied, exactly as if the worker had applied them itself when
 * it got them (then, for instance, a snapshot that already holds an acknowledged write's effect
 * never gets that write re-applied on top of it).
 */
export async function applyServerData(db: PodTableDB, data: ServerData): Promise<ApplyOutcome> {
  return db.transaction('rw', db.tables, async () => {
    await applyRecordedVerdicts(db);
    return applyData(db, data);
  });
}

/**
 * Applies the verdicts the service worker recorded, and forgets them, in ONE transaction (so each
 * is applied exactly once): applied writes leave the outbox, refused ones show failed with the
 * server's message (or are dropped where the spec only logs), given-up ones show failed. While
 * nobody is signed in on this device they wait. True when verdicts were applied.
 */
export async function applyRecordedVerdicts(db: PodTableDB): Promise<boolean> {
  // The common case (nothing recorded) costs one read, not a write transaction over every table.
  if (!(await db.meta.get(RECORDED_VERDICTS_KEY))) return false;
  return db.transaction('rw', db.tables, async () => {
    const recorded = await readRecordedVerdicts(db);
    if (recorded.length > 0) {
      const outcome = await applyData(db, {
        applied: recorded.flatMap((verdict) => (verdict.status === 'applied' ? [verdict.id] : [])),
        refused: new Map(recorded.flatMap((verdict) => (verdict.status === 'refused' ? [[verdict.id, verdict.message] as const] : []))),
        gaveUp: recorded.flatMap((verdict) => (verdict.status === 'gaveUp' ? [verdict.id] : [])),
      });
      // 'stale' without a cursor: nobody is signed in, nothing was applied; the records wait.
      if (outcome === 'stale') return false;
    }
    await db.meta.delete(RECORDED_VERDICTS_KEY);
    return recorded.length > 0;
  });
}

/** A cursor that moved past where the data was read, but not past what it shows (`readAt`). */
function landsWithin(current: number | null, cursor: NonNullable<ServerData['cursor']>): boolean {
  return current !== null && cursor.from !== null && cursor.readAt !== undefined && current > cursor.from && current <= cursor.readAt;
}

async function applyData(db: PodTableDB, data: ServerData): Promise<ApplyOutcome> {
  const me = await signedInUser(db);
  if (!me) return 'stale';
  const current = await readCursor(db);
  const dataAllowed = !data.cursor || current === data.cursor.from || landsWithin(current, data.cursor);
  const incoming = dataAllowed ? incomingRows(data.puts ?? {}, data.dels ?? {}, me.id) : new Map<string, Row>();
  const applied = new Set(data.applied ?? []);
  const refused = data.refused ?? new Map<string, string>();
  const errored = new Set(data.errored ?? []);
  const gaveUp = new Set(data.gaveUp ?? []);

  const bases = new Map<string, unknown>();
  const baseRowsFor = async (keys: Iterable<string>) => {
    const wanted = [...keys].filter((key) => !bases.has(key));
    if (wanted.length === 0) return;
    const found = await db.bases.bulkGet(wanted);
    found.forEach((base, index) => {
      if (base) bases.set(wanted[index]!, base.row);
    });
  };

  if (data.gameIncrement && dataAllowed) {
    const { gameId, rev, at, increment } = data.gameIncrement;
    const key = `games:${gameId}`;
    await baseRowsFor([key]);
    const copy = (bases.has(key) ? bases.get(key) : await db.games.get(gameId)) as Row;
    if (!copy || revOf(copy) !== rev - 1) return 'gap';
    try {
      incoming.set(key, { ...applyIncrement(copy as never, increment, { at }), rev });
    } catch {
      return 'gap';
    }
  }

  // A direct message moves its conversation forward (the latest one per person is enough).
  const latestByPeer = new Map<string, NonNullable<SyncPuts['directMessages']>[number]>();
  for (const message of dataAllowed ? (data.puts?.directMessages ?? []) : []) {
    const peerId = message.senderId === me.id ? message.receiverId : message.senderId;
    const known = latestByPeer.get(peerId);
    if (!known || known.createdAt < message.createdAt) latestByPeer.set(peerId, message);
  }

  const mentioned = [...applied, ...refused.keys(), ...errored, ...gaveUp];
  const concerned = data.reset && dataAllowed ? 'all' : [...incoming.keys(), ...[...latestByPeer.keys()].map((peer) => `conversations:${peer}`), ...(data.touch ?? [])];
  const { plans, unusable } = await planOutbox(db, me, mentioned, concerned);
  for (const entry of unusable) {
    if (entry.status !== 'failed') await db.outbox.update(entry.seq!, { status: 'failed', error: UNUSABLE_WRITE });
  }

  // A game that is gone (deleted, or access lost) takes the pending changes to it along: they can never apply.
  const goneGames = new Set([...incoming].filter(([key, row]) => row === null && key.startsWith('games:')).map(([key]) => key));
  const acked = plans.filter((plan) => applied.has(plan.entry.id));
  const dropped = plans.filter(
    (plan) =>
      !applied.has(plan.entry.id) &&
      ((refused.has(plan.entry.id) && plan.dropWhenRefused) || (plan.entry.name !== 'game.create' && plan.writes.some((key) => goneGames.has(key)))),
  );
  for (const plan of dropped) if (refused.has(plan.entry.id)) console.warn(`${plan.entry.name} refused: ${refused.get(plan.entry.id)}`);
  const leaving = new Set([...acked, ...dropped].map((plan) => plan.entry.id));
  const remaining: Plan[] = [];
  const restatused: Plan[] = [];
  for (const plan of plans) {
    if (leaving.has(plan.entry.id)) continue;
    const message = refused.get(plan.entry.id);
    if (message !== undefined) {
      plan.entry = { ...plan.entry, status: 'failed', error: message };
      await db.outbox.where('id').equals(plan.entry.id).modify({ status: 'failed', error: message });
      restatused.push(plan);
    } else if (errored.has(plan.entry.id) || gaveUp.has(plan.entry.id)) {
      const stored = await db.outbox.where('id').equals(plan.entry.id).first();
      const attempts = (stored?.attempts ?? 0) + (errored.has(plan.entry.id) ? 1 : 0);
      const givenUp = gaveUp.has(plan.entry.id) || attempts >= MAX_ATTEMPTS;
      await db.outbox.where('id').equals(plan.entry.id).modify(givenUp ? { attempts, status: 'failed', error: GAVE_UP_MESSAGE } : { attempts });
      if (givenUp) {
        plan.entry = { ...plan.entry, status: 'failed', error: GAVE_UP_MESSAGE };
        restatused.push(plan);
      }
    }
    remaining.push(plan);
  }

  // Rows to rebase: what arrived, and what the leaving or re-marked writes touch.
  const touched = new Set<string>([...incoming.keys(), ...(data.touch ?? []), ...[...latestByPeer.keys()].map((peer) => `conversations:${peer}`)]);
  for (const plan of [...acked, ...dropped, ...restatused]) for (const key of plan.writes) touched.add(key);
  await baseRowsFor(touched);
  if (data.reset && dataAllowed) {
    // Every row a pending write touches is rebased on the snapshot's copy (or on nothing).
    for (const plan of remaining) for (const key of plan.writes) if (!bases.has(key)) bases.set(key, incoming.has(key) ? incoming.get(key) : null);
  }

  for (const [peerId, message] of latestByPeer) {
    const key = `conversations:${peerId}`;
    const current = (incoming.has(key) ? incoming.get(key) : bases.has(key) ? bases.get(key) : await db.conversations.get(peerId)) as
      | { participant?: unknown; lastMessage?: { createdAt: string } | null }
      | null
      | undefined;
    if (current?.lastMessage && current.lastMessage.createdAt > message.createdAt) continue;
    const participant = current?.participant ?? (message.senderId === peerId ? message.sender : await db.users.get(peerId));
    if (!participant) continue;
    const lastMessage = { content: message.content, createdAt: message.createdAt, ...(message.deletedAt ? { deletedAt: message.deletedAt } : {}) };
    incoming.set(key, { participantId: peerId, participant, lastMessage });
  }

  // Writes that will be applied again (folded into a server copy, or rebased): the rows they
  // read that nobody rebases, straight from the mirror.
  const folding = acked.filter((plan) => plan.writes.some((key) => bases.has(key) && !incoming.has(key)));
  const rebasing = remaining.filter((plan) => plan.writes.some((key) => bases.has(key)));
  const others = new Map<string, unknown>();
  for (const plan of [...folding, ...rebasing]) {
    for (const key of [...plan.reads, ...plan.writes]) if (!bases.has(key) && !incoming.has(key) && !others.has(key)) others.set(key, await readRow(db, key));
  }
  const other = (key: string) => (incoming.has(key) ? incoming.get(key) : others.get(key));

  // An applied write whose row did not come with this data is folded into its server copy.
  for (const plan of folding) {
    for (const key of plan.writes) {
      if (!bases.has(key) || incoming.has(key)) continue;
      const rows = new Map([[key, bases.get(key)]]);
      applyWrite(rows, plan, other);
      bases.set(key, rows.get(key));
    }
  }

  const direct = new Map<string, Row>();
  for (const [key, row] of incoming) {
    if (bases.has(key)) bases.set(key, newer(bases.get(key), row));
    else direct.set(key, row);
  }
  if (data.reset && dataAllowed) for (const table of SYNCED_TABLES) await db.table(table).clear();

  // A row older than the mirror's copy is left out. The copies are read before any is written:
  // only a pod's deletion changes other rows (cascades), and then each is read just before its write.
  const directRows = [...direct];
  if (data.reset) await writeRows(db, directRows);
  else if (directRows.some(([key, row]) => cascades(key, row))) {
    for (const [key, row] of directRows) {
      if (row !== null && newer(await readRow(db, key), row) !== row) continue;
      await writeRow(db, key, row);
    }
  } else {
    const current = await readRows(db, directRows.flatMap(([key, row]) => (row === null ? [] : [key])));
    await writeRows(db, directRows.filter(([key, row]) => row === null || newer(current.get(key), row) === row));
  }
  await writeRows(db, [...rebase(bases, rebasing, other)]);

  const stillPending = new Set(remaining.flatMap((plan) => plan.writes));
  const keptBases = [...bases].filter(([key]) => stillPending.has(key));
  if (keptBases.length > 0) await db.bases.bulkPut(keptBases.map(([key, row]) => ({ key, row })));
  const goneBases = [...bases.keys()].filter((key) => !stillPending.has(key));
  if (goneBases.length > 0) await db.bases.bulkDelete(goneBases);
  // By primary key: the plans were read in this transaction (an index lookup of 100 ids walks a cursor).
  const leavingSeqs = [...acked, ...dropped].map((plan) => plan.entry.seq!);
  if (leavingSeqs.length > 0) await db.outbox.bulkDelete(leavingSeqs);

  if (dataAllowed) {
    // A user row a pending write changes (the profile) keeps its rebased fields.
    await upsertPublicUsers(db, embeddedUsers(data.puts ?? {}).filter((user) => !stillPending.has(`users:${user.id}`)));
    if (data.cursor) await writeCursor(db, current === data.cursor.from ? data.cursor.to : current);
    if (data.restOwed !== undefined || data.reset) await writeRestOwed(db, data.restOwed ?? false);
  }
  return dataAllowed ? 'applied' : 'stale';
}
