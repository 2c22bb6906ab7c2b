/**
 * Game invitations addressed to me (All Chats → Game Invites): who invited, when, who sits at
 * the table, Accept / Decline. Answering removes the invitation at once; accepting opens the
 * game as soon as the server's answer brings it (the invitee never had it in the mirror). A
 * refused answer shows with Retry / Discard, as pod invitations do.
 */
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { GameInviteText } from '../../../contract/game-invites';
import { outboxEntriesIn, pendingGameInvites } from '../../../db/queries';
import { nameOf } from '../../../contract/names';
import { actions, db } from '../../../sync/app';
import { pullKey } from '../../../sync/engine/pull';
import { usePullState } from '../../../ui/sync-hooks';
import { listState } from '../../../ui/list-state';
import { ListStatus } from '../../../ui/list-status';
import { Time } from '../../../ui/time';
import { AnswerButtons } from '../../../ui/answer-buttons';

export function GameInvites() {
  const navigate = useNavigate();
  const invites = useLiveQuery(() => pendingGameInvites(db), []);
  const answers = useLiveQuery(() => outboxEntriesIn(db, 'gameInvites'), []);
  const pull = usePullState(pullKey('gameInvites'));
  const refused = (answers ?? []).filter((entry) => entry.status === 'failed');

  return (
    <>
      {refused.map((entry) => (
        <div key={entry.id} role="alert" className="failed-write">
          <p className="failed-write-text">{entry.name === 'game.invite.accept' ? GameInviteText.acceptFailed : GameInviteText.declineFailed}</p>
          {entry.error ? <p className="failed-write-detail">{entry.error}</p> : null}
          <div className="button-row">
            <button type="button" className="button button--secondary button--small" onClick={() => void actions.retryWrite(entry.id)}>
              Retry
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => void actions.discardWrite(entry.id).catch(() => undefined)}>
              Discard
            </button>
          </div>
        </div>
      ))}
      <ListStatus state={listState(invites, pull)} loading={GameInviteText.loading} error={GameInviteText.failed} empty={GameInviteText.empty} />
      {invites && invites.length > 0 ? (
        <ul className="row-list">
          {invites.map((invite) => {
            const host = nameOf(invite.invitedBy);
            return (
              <li key={invite.id} className="row-with-actions">
                <span className="row-text">
                  <span className="row-title">Game by {host}</span>
                  <span className="row-detail muted">
                    <Time iso={invite.game.startTime} /> · {invite.game.players.map((p) => p.displayName).join(', ')}
                  </span>
                </span>
                <AnswerButtons
                  about={`game invitation from ${host}`}
                  onAccept={() => void actions.mutate('game.invite.accept', { inviteId: invite.id }).then(() => navigate({ to: '/game/$id', params: { id: invite.game.id } }))}
                  onDecline={() => void actions.mutate('game.invite.decline', { inviteId: invite.id })}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </>
  );
}
