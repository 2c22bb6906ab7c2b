/**
 * The Profile tab's fields (the spec's Profile page); display name and default deck auto-save (see
 * useProfileDraft). The e-mail is shown as text: changing it, like the password, needs the
 * current password and the network, so each has its own dialog.
 */
import type { UserRow } from '../../db/schema';
import { Field } from '../auth/field';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { SaveStatus } from './save-status';
import { useDeckOptions } from './use-deck-options';
import { useProfileDraft } from './use-profile-draft';

export function ProfileForm({ user }: { user: UserRow }) {
  const { values, errors, phase, change } = useProfileDraft(user);
  const decks = useDeckOptions();
  // A default deck the list does not (yet) know must still be selectable as the current value.
  const unknownDeck = values.defaultDeckId && !decks.some((deck) => deck.id === values.defaultDeckId);

  return (
    <form className="form" onSubmit={(event) => event.preventDefault()} noValidate>
      <Field
        id="profile-display-name"
        label="Display name"
        autoComplete="nickname"
        placeholder={user.username}
        value={values.displayName}
        error={errors.displayName}
        onValueChange={(value) => change('displayName', value)}
      />
      <div className="field">
        <dl className="profile-email">
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </dl>
        <div className="profile-account-actions">
          <ChangeEmailDialog />
          <ChangePasswordDialog />
        </div>
      </div>
      <div className="field">
        <label htmlFor="profile-default-deck">Default deck</label>
        <select
          id="profile-default-deck"
          value={values.defaultDeckId}
          onChange={(event) => change('defaultDeckId', event.target.value)}
        >
          <option value="">No default deck</option>
          {decks.map((deck) => (
            <option key={deck.id} value={deck.id}>
              {deck.name}
            </option>
          ))}
          {unknownDeck ? <option value={values.defaultDeckId}>Could not load deck</option> : null}
        </select>
      </div>
      <SaveStatus userId={user.id} phase={phase} />
    </form>
  );
}
