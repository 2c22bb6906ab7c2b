/** "Change password": the current one, the new one twice. Other devices are signed out; this one stays. */
import { useState } from 'react';
import { changePasswordBody } from '../../contract/users';
import { actions } from '../../sync/app';
import { Field } from '../auth/field';
import { PASSWORDS_DO_NOT_MATCH } from '../auth/validation';
import { AccountDialog } from './account-dialog';

export const CHANGE_PASSWORD_DESCRIPTION = 'Your other devices will be signed out. This one stays signed in.';

export function ChangePasswordDialog() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  return (
    <AccountDialog
      title="Change password"
      trigger="Change password"
      description={CHANGE_PASSWORD_DESCRIPTION}
      submitLabel="Change password"
      validate={() => {
        const checked = changePasswordBody.safeParse({ currentPassword, newPassword });
        if (!checked.success) return [checked.error.issues[0]?.message ?? 'Check the form.'];
        return newPassword === confirm ? [] : [PASSWORDS_DO_NOT_MATCH];
      }}
      submit={() => actions.changePassword({ currentPassword, newPassword })}
      onClosed={() => {
        setCurrentPassword('');
        setNewPassword('');
        setConfirm('');
      }}
    >
      <Field
        id="change-password-current"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onValueChange={setCurrentPassword}
      />
      <Field id="change-password-new" label="New password" type="password" autoComplete="new-password" required value={newPassword} onValueChange={setNewPassword} />
      <Field id="change-password-confirm" label="Confirm new password" type="password" autoComplete="new-password" required value={confirm} onValueChange={setConfirm} />
    </AccountDialog>
  );
}
