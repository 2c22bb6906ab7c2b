/**
 * 'Find a friend': a username, checked against the accounts of that name (exact match), then
 * against existing friendships and pending requests; then the request is queued. The
 * success toast waits for the server; a refusal is toasted and shows in the Pending list.
 */
import { useState, type FormEvent } from 'react';
import { relationshipWith, requestOutcomeTo } from '../../db/queries';
import { showToast } from '../../stores/ui';
import { actions, db, newId } from '../../sync/app';
import { Field } from '../auth/field';
import { watchOutcome } from '../../ui/settle';
import { ENTER_USERNAME, findByUsername, relationshipError, REQUEST_FAILED, REQUEST_SENT, USER_NOT_FOUND, USERS_UNAVAILABLE } from './find-friend';

function watchRequest(myId: string, userId: string): void {
  watchOutcome(
    () => requestOutcomeTo(db, myId, userId),
    ({ requests, friends }) => {
      if (friends) return 'success';
      if (requests.some((row) => row.syncState === 'failed')) return 'failure';
      if (requests.some((row) => row.syncState === 'queued')) return 'pending';
      return requests.length > 0 ? 'success' : 'cancelled';
    },
    (outcome) =>
      showToast(outcome === 'success' ? { title: REQUEST_SENT, variant: 'success' } : { title: REQUEST_FAILED, variant: 'error' }),
  );
}

export function FindFriendForm({ myId }: { myId: string }) {
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!username.trim()) {
      setError(ENTER_USERNAME);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      let users;
      try {
        users = await actions.listAllUsers(username);
      } catch {
        setError(USERS_UNAVAILABLE);
        return;
      }
      const match = findByUsername(users, username);
      if (!match) {
        setError(USER_NOT_FOUND);
        return;
      }
      const refusal = relationshipError(await relationshipWith(db, myId, match.id));
      if (refusal) {
        setError(refusal);
        return;
      }
      try {
        await actions.mutate('friend.request', { id: newId(), addresseeId: match.id });
      } catch {
        setError(REQUEST_FAILED);
        return;
      }
      setUsername('');
      watchRequest(myId, match.id);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="find-friend-title">
      <h2 id="find-friend-title">Find a friend</h2>
      <div className="inline-form-row">
        <Field
          id="friend-username"
          label="Username"
          value={username}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={error}
          onValueChange={(value) => {
            setUsername(value);
            if (error) setError(undefined);
          }}
        />
        <button type="submit" className="button" disabled={busy}>
          Send request
        </button>
      </div>
    </form>
  );
}
