/** "Change e-mail": the new address and the current password; the change waits for the link mailed to the new address. */
import { useState } from 'react';
import { changeEmailBody } from '../../contract/users';
import { actions } from '../../sync/app';
import { Field } from '../auth/field';
import { AccountDialog } from './account-dialog';

export const CHANGE_EMAIL_DESCRIPTION =
  'We will send a confirmation link to the new address; your e-mail changes when you open it. Your current address is told, with a link to undo the change.';

export function ChangeEmailDialog() {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');

  return (
    <AccountDialog
      title="Change e-mail"
      trigger="Change e-mail"
      description={CHANGE_EMAIL_DESCRIPTION}
      submitLabel="Send confirmation link"
      validate={() => {
        const checked = changeEmailBody.safeParse({ email, currentPassword });
        return checked.success ? [] : [checked.error.issues[0]?.message ?? 'Check the form.'];
      }}
      submit={() => actions.changeEmail({ email: email.trim(), currentPassword })}
      onClosed={() => {
        setEmail('');
        setCurrentPassword('');
      }}
    >
      <Field id="change-email-new" label="New e-mail" type="email" autoComplete="email" required value={email} onValueChange={setEmail} />
      <Field
        id="change-email-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onValueChange={setCurrentPassword}
      />
    </AccountDialog>
  );
}
