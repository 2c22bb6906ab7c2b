/**
 * Live events → the mirror (docs/architecture.md, "Live events"). An event with a position is
 * applied only when it is the next one of this device's cursor (pos = cursor + 1), in the same
 * transaction that moves the cursor; an older one is already in the mirror (its `mid` still
 * acknowledges a write); a gap, an event that does not fit the server copy, or a PONG showing
 * the log moved asks for a pull, which catches up in one request.
 */
import { entity, rowId, SYNCED_TABLES, type EntityEventType, type SyncedTable } from '../../contract/entities';
import type { ServerEvent } from '../../contract/live';
import type { SyncDels, SyncPuts } from '../../contract/sync';
import type { PodTableDB } from '../../db/schema';
import { applyServerData, type ServerData } from './apply-server';
import { readCursor } from './cursor';

export type LiveOutcome = 'applied' | 'ignored' | 'pull';

/** Events the registry does not name, each handled below by name. */
type OtherEventType = 'GAME_INCREMENT' | 'SYNC' | 'USER_DELETED' | 'PONG' | 'ERROR';
// Every event is either an entity's put or remove (src/contract/entities.ts) or handled by name:
// a new event type fails to compile here until it is one or the other.
type Unhandled = Exclude<ServerEvent['type'], EntityEventType | OtherEventType>;
type Assert<T extends true> = T;
type _EveryEventHandled = Assert<[Unhandled] extends [never] ? true : Unhandled>;

type Row = Record<string, unknown>;

/** The rows an entity event puts and the keys it removes, from the registry. */
function entityEventData(event: Row & { type: string }): ServerData | null {
  const puts: Partial<Record<SyncedTable, Row[]>> = {};
  const dels: Partial<Record<SyncedTable, string[]>> = {};
  for (const table of SYNCED_TABLES) {
    const { live } = entity(table);
    if (live.put === event.type) puts[table] = [event.payload as Row];
    if (live.remove?.type === event.type) dels[table] = [event[live.remove.key] as string];
  }
  for (const table of SYNCED_TABLES) {
    const superseding = entity(table).live.supersededBy as SyncedTable | undefined;
    const row = superseding ? puts[superseding]?.[0] : undefined;
    if (row) dels[table] = [rowId(superseding!, row)];
  }
  const hasPuts = Object.keys(puts).length > 0;
  const hasDels = Object.keys(dels).length > 0;
  if (!hasPuts && !hasDels) return null;
  return { ...(hasPuts ? { puts: puts as SyncPuts } : {}), ...(hasDels ? { dels: dels as SyncDels } : {}) };
}

/** What an event says, as server data (its rows, deletions, or the game change it carries). */
export function eventData(event: ServerEvent): ServerData | null {
  switch (event.type) {
    case 'GAME_INCREMENT':
      return { gameIncrement: { gameId: event.gameId, rev: event.rev, at: event.at, increment: event.increment } };
    case 'SYNC':
      return {};
    case 'USER_DELETED':
      // Its rows come only from the log entry: applyLiveEvent pulls.
      return null;
    case 'PONG':
    case 'ERROR':
      return null;
    default:
      return entityEventData(event as unknown as Row & { type: string });
  }
}

export async function applyLiveEvent(db: PodTableDB, event: ServerEvent): Promise<LiveOutcome> {
  if (event.type === 'PONG') {
    if (event.head === undefined) return 'ignored';
    const cursor = await readCursor(db);
    return cursor === null || event.head > cursor ? 'pull' : 'ignored';
  }
  const data = event.type === 'USER_DELETED' ? {} : eventData(event);
  if (!data) return 'ignored';
  const mid = 'mid' in event ? event.mid : undefined;
  const pos = 'pos' in event ? event.pos : undefined;
  const applied = mid ? [mid] : [];
  // A client written before positions existed, or an event outside the log: apply as it is.
  if (pos === undefined) return (await applyServerData(db, { ...data, applied })) === 'gap' ? 'pull' : 'applied';
  const cursor = await readCursor(db);
  if (cursor === null) return 'pull';
  if (pos <= cursor) {
    if (applied.length > 0) await applyServerData(db, { applied });
    return 'ignored';
  }
  if (pos > cursor + 1 || event.type === 'USER_DELETED') return 'pull';
  const outcome = await applyServerData(db, { ...data, applied, cursor: { from: pos - 1, to: pos } });
  return outcome === 'applied' ? 'applied' : 'pull';
}
