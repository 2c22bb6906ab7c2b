/**
 * What a change-log entry names: the rows it touched, as "kind:id". The pull turns them into
 * the rows' current state as the reader may see it now (server/sync/changes.ts), so a log
 * entry never holds data that could go stale or leak after access is lost.
 */
import { REF_KINDS, type RefKind } from '../../src/contract/entities';

/**
 * The kinds are the entity registry's (src/contract/entities.ts): one per synced entity, except
 * that friends and friend requests share `friendship`. `conversation:<peerId>` is the reader's
 * conversation with that person (their name or avatar changed, e.g. a deleted account).
 */
export { REF_KINDS, type RefKind };
export type Ref = `${RefKind}:${string}`;

export function ref(kind: RefKind, id: string): Ref {
  return `${kind}:${id}`;
}

/** Groups refs by kind (unknown kinds, from a newer server's log, are skipped). */
export function groupRefs(refs: Iterable<string>): Map<RefKind, Set<string>> {
  const groups = new Map<RefKind, Set<string>>();
  for (const value of refs) {
    const colon = value.indexOf(':');
    const kind = value.slice(0, colon) as RefKind;
    if (colon < 0 || !REF_KINDS.includes(kind)) continue;
    let ids = groups.get(kind);
    if (!ids) groups.set(kind, (ids = new Set()));
    ids.add(value.slice(colon + 1));
  }
  return groups;
}
