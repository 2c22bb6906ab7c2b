/**
 * "Delete account" (Profile → Settings), online only: the password, a confirmation that says it
 * is immediate and final, then DELETE /api/users/me. On success this device ends the session
 * (local data wiped) and lands on the landing page with a short confirmation.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AccountDataText, deleteAccountBody } from '../../contract/account-data';
import { showToast } from '../../stores/ui';
import { api } from '../../sync/app';
import { endSession } from '../auth/end-session';
import { describeAuthError } from '../auth/errors';
import { Field } from '../auth/field';
import { FormAlert } from '../auth/form-alert';
import { useOnline } from '../shell/use-online';

export const DeleteAccountText = {
  trigger: 'Delete account',
  title: 'Delete your account?',
  description:
    'This happens at once and cannot be undone. Your profile, friends, decks and settings are deleted. Messages you sent and games you played stay for the others, shown as "Deleted user". Pods you own pass to their longest-standing member.',
  offline: 'You are offline. Deleting your account needs a connection.',
  submit: 'Delete my account',
} as const;

export function DeleteAccountDialog() {
  const online = useOnline();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setPassword('');
      setErrors([]);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = deleteAccountBody.safeParse({ password });
    if (!checked.success) {
      setErrors([checked.error.issues[0]?.message ?? 'Enter your password.']);
      return;
    }
    setBusy(true);
    try {
      await api.request('DELETE', '/api/users/me', { body: checked.data });
    } catch (error) {
      setErrors([describeAuthError(error)]);
      setBusy(false);
      return;
    }
    // The account is gone: its token is dead, so ending the session only wipes this device.
    await endSession().catch(() => undefined);
    showToast({ title: AccountDataText.deleted, variant: 'success' });
    await navigate({ to: '/' });
  }

  return (
    <section className="card stack" aria-labelledby="delete-account-heading">
      <h3 id="delete-account-heading">Delete account</h3>
      <Dialog.Root open={open} onOpenChange={onOpenChange}>
        <div className="settings-actions">
          <Dialog.Trigger className="button button--danger" disabled={!online} aria-describedby={online ? undefined : 'delete-account-offline'}>
            {DeleteAccountText.trigger}
          </Dialog.Trigger>
        </div>
        {online ? null : (
          <p id="delete-account-offline" className="muted">
            {DeleteAccountText.offline}
          </p>
        )}
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" onInteractOutside={(event) => event.preventDefault()}>
            <Dialog.Title>{DeleteAccountText.title}</Dialog.Title>
            <Dialog.Description className="muted">{DeleteAccountText.description}</Dialog.Description>
            <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
              <FormAlert messages={errors} />
              <Field id="delete-account-password" label="Password" type="password" autoComplete="current-password" required value={password} onValueChange={setPassword} />
              <div className="dialog-actions">
                <Dialog.Close type="button" className="button button--secondary">
                  Cancel
                </Dialog.Close>
                <button type="submit" className="button button--danger" disabled={busy || !online}>
                  {DeleteAccountText.submit}
                </button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
