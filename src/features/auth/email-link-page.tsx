/**
 * /confirm-email/$token and /undo-email/$token: the pages of the links an e-mail change mails
 * (server/users/email-change.ts). Nothing happens on opening: mail scanners open links too, so
 * the person presses the button. Public routes: the link may be opened on any device.
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { actions } from '../../sync/app';
import { AuthLayout } from './auth-layout';
import { describeAuthError } from './errors';
import { FormAlert } from './form-alert';

const PAGES = {
  confirm: {
    title: 'Confirm your new e-mail',
    explain: 'Press the button to make this address the e-mail of your PodTable account.',
    button: 'Confirm e-mail',
    run: async (token: string) => `Your e-mail address is now ${await actions.confirmEmailChange(token)}.`,
  },
  undo: {
    title: 'Undo the e-mail change',
    explain:
      'Press the button to put your previous address back. Every device will be signed out, and we will mail you a link to choose a new password.',
    button: 'Restore my previous e-mail',
    run: (token: string) => actions.undoEmailChange(token),
  },
} as const;

export function EmailLinkPage({ kind, token }: { kind: keyof typeof PAGES; token: string }) {
  const page = PAGES[kind];
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    setErrors([]);
    try {
      setDone(await page.run(token));
    } catch (error) {
      setErrors([describeAuthError(error)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title={page.title}>
      {done ? (
        <p role="status" className="alert alert--success">
          {done}
        </p>
      ) : (
        <div className="form" aria-busy={busy}>
          <FormAlert messages={errors} />
          <p>{page.explain}</p>
          <button type="button" className="button button--block" disabled={busy} onClick={() => void run()}>
            {page.button}
          </button>
        </div>
      )}
      <p className="auth-switch">
        <Link to="/login">Go to log in</Link>
      </p>
    </AuthLayout>
  );
}
