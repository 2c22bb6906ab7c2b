/** Profile → Settings → Blocked users: who I blocked, with Unblock (src/contract/blocks.ts). */
import { useLiveQuery } from 'dexie-react-hooks';
import { BlockText } from '../../contract/blocks';
import { nameOf } from '../../contract/names';
import { actions, db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { outboxEntriesFor } from '../../db/queries';
import { FailedWrite } from '../../ui/pending-mark';
import { usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { ListStatus } from '../../ui/list-status';

/** A refused block (the server's cap on blocked accounts): its text, Retry / Discard. */
function BlockFailure({ userId }: { userId: string }) {
  const entries = useLiveQuery(() => outboxEntriesFor(db, 'blockedUsers', userId), [userId]);
  const failed = entries?.find((entry) => entry.status === 'failed');
  if (!failed) return null;
  return <FailedWrite text={BLOCK_FAILED} detail={failed.error} entryId={failed.id} />;
}

const BLOCK_FAILED = 'This user could not be blocked.';

export function BlockedUsers() {
  const blocked = useLiveQuery(() => db.blockedUsers.orderBy('createdAt').reverse().toArray(), []);
  const pull = usePullState(pullKey('blockedUsers'));
  return (
    <section className="card stack" aria-labelledby="blocked-users-title">
      <h2 id="blocked-users-title">{BlockText.title}</h2>
      <ListStatus state={listState(blocked, pull)} loading={BlockText.loading} error={BlockText.failed} empty={BlockText.empty} />
      {blocked && blocked.length > 0 ? (
        <ul className="row-list">
          {blocked.map((row) => {
            const name = nameOf(row.user) || row.userId;
            return (
              <li key={row.userId} className="row-with-actions">
                <span className="row-text">
                  <span className="row-title">{name}</span>
                  {row.user.username ? <span className="row-detail muted">@{row.user.username}</span> : null}
                </span>
                <button type="button" className="button button--secondary" aria-label={`Unblock ${name}`} onClick={() => void actions.mutate('user.unblock', { userId: row.userId })}>
                  Unblock
                </button>
                {row.syncState === 'failed' ? <BlockFailure userId={row.userId} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
