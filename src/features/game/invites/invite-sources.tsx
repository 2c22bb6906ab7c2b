/**
 * Where the players of a custom table come from: friends and pod members (the mirror: works
 * offline), a user search (online), and guests (no account).
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { ParticipantRole } from '../../../contract/game';
import type { PublicUser } from '../../../contract/users';
import { friendsList, visiblePods } from '../../../db/queries';
import { nameOf } from '../../../contract/names';
import type { WizardPlayer } from '../../../stores/wizard';
import { db } from '../../../sync/app';
import { pullKey } from '../../../sync/engine/pull';
import { usePullOnMount, usePullState } from '../../../ui/sync-hooks';
import { listState } from '../../../ui/list-state';
import { ErrorText, ListStatus, LoadingText } from '../../../ui/list-status';
import { useUserSearch } from '../../messages/use-user-search';
import { GuestForm } from './guest-form';
import { accountPlayer } from '../players';
import { FRIENDS_FAILED, NO_FRIENDS, NO_FRIENDS_DETAIL, NO_PODS, NO_PODS_DETAIL, NO_USERS, PODS_FAILED, SEARCH_FAILED, SEARCH_OFFLINE } from '../texts';
import { useOnline } from '../../shell/use-online';

interface InviteSourcesProps {
  players: readonly WizardPlayer[];
  myId: string | null;
  /** Returns false (and the step shows why) when the player cannot join. */
  onAdd(player: WizardPlayer): boolean;
  /** Why the last player could not be added (shown under the source it came from). */
  problem: string | null;
}

type AccountRole = Exclude<ParticipantRole, 'guest'>;

interface CandidateRowProps {
  user: PublicUser;
  seated: boolean;
  onAdd(): void;
}

function CandidateRow({ user, seated, onAdd }: CandidateRowProps) {
  const name = nameOf(user);
  return (
    <li className="candidate">
      <span className="candidate-text">
        <span className="candidate-name">{name}</span>
        <span className="muted candidate-detail">
          @{user.username}
          {seated ? ' · At the table' : ''}
        </span>
      </span>
      <button type="button" className="button button--secondary button--small" aria-label={`Add ${name}`} onClick={onAdd}>
        Add
      </button>
    </li>
  );
}

export function InviteSources({ players, myId, onAdd, problem }: InviteSourcesProps) {
  const friends = useLiveQuery(() => friendsList(db), []);
  const pods = useLiveQuery(() => visiblePods(db), []);
  const friendsPull = usePullState(pullKey('friends'));
  const podsPull = usePullState(pullKey('pods'));
  usePullOnMount();
  const [query, setQuery] = useState('');
  const search = useUserSearch(query);
  const online = useOnline();

  const seatedIds = new Set(players.flatMap((player) => (player.userId ? [player.userId] : [])));
  const friendIds = new Set((friends ?? []).map((row) => row.friend.id));
  const podMemberIds = new Set((pods ?? []).flatMap((pod) => pod.members.map((member) => member.id)));

  /** Friends are 'friend', people met in a pod 'pod'; anyone else found by search is invited like a friend. */
  function roleOf(user: PublicUser): AccountRole {
    if (user.id === myId) return 'self';
    if (friendIds.has(user.id)) return 'friend';
    return podMemberIds.has(user.id) ? 'pod' : 'friend';
  }

  const add = (user: PublicUser, role: AccountRole = roleOf(user)) => onAdd(accountPlayer(user, role));

  const podsWithOthers = (pods ?? []).map((pod) => ({ pod, others: pod.members.filter((member) => member.id !== myId) }));

  return (
    <section aria-labelledby="invite-title" className="card wizard-card">
      <h3 id="invite-title">Invite players</h3>
      <Tabs.Root defaultValue="friends">
        <Tabs.List className="tab-list invite-tabs" aria-label="Invite players from">
          <Tabs.Trigger value="friends" className="tab">
            Friends
          </Tabs.Trigger>
          <Tabs.Trigger value="pods" className="tab">
            Pods
          </Tabs.Trigger>
          <Tabs.Trigger value="search" className="tab">
            Search
          </Tabs.Trigger>
          <Tabs.Trigger value="guest" className="tab">
            Guest
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="friends" className="invite-panel">
          <ListStatus state={listState(friends, friendsPull)} loading="Loading friends..." error={FRIENDS_FAILED} empty={NO_FRIENDS} emptyDetail={NO_FRIENDS_DETAIL} />
          {friends && friends.length > 0 ? (
            <ul className="candidates">
              {friends.map((row) => (
                <CandidateRow key={row.friendshipId} user={row.friend} seated={seatedIds.has(row.friend.id)} onAdd={() => add(row.friend, 'friend')} />
              ))}
            </ul>
          ) : null}
        </Tabs.Content>

        <Tabs.Content value="pods" className="invite-panel">
          <ListStatus state={listState(pods, podsPull)} loading="Loading pods..." error={PODS_FAILED} empty={NO_PODS} emptyDetail={NO_PODS_DETAIL} />
          {podsWithOthers.map(({ pod, others }) => (
            <section key={pod.id} aria-label={pod.name} className="candidate-group">
              <h4>{pod.name}</h4>
              {others.length === 0 ? (
                <p className="muted">No other members yet.</p>
              ) : (
                <ul className="candidates">
                  {others.map((member) => (
                    <CandidateRow key={member.id} user={member} seated={seatedIds.has(member.id)} onAdd={() => add(member, friendIds.has(member.id) ? 'friend' : 'pod')} />
                  ))}
                </ul>
              )}
            </section>
          ))}
        </Tabs.Content>

        <Tabs.Content value="search" className="invite-panel">
          <div className="field">
            <label htmlFor="invite-search">Username</label>
            <input id="invite-search" type="search" autoComplete="off" value={query} onChange={(event) => setQuery(event.target.value)} />
          </div>
          {!online ? <p className="muted">{SEARCH_OFFLINE}</p> : null}
          {search.status === 'searching' ? <LoadingText text="Searching..." /> : null}
          {search.status === 'failed' ? <ErrorText text={SEARCH_FAILED} /> : null}
          {search.status === 'done' && search.users.length === 0 ? <p className="muted">{NO_USERS}</p> : null}
          {search.status === 'done' && search.users.length > 0 ? (
            <ul className="candidates">
              {search.users.map((user) => (
                <CandidateRow key={user.id} user={user} seated={seatedIds.has(user.id)} onAdd={() => add(user)} />
              ))}
            </ul>
          ) : null}
        </Tabs.Content>

        <Tabs.Content value="guest" className="invite-panel">
          <GuestForm onAdd={onAdd} />
        </Tabs.Content>
      </Tabs.Root>
      {problem ? (
        <p role="alert" className="alert alert--error invite-problem">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
