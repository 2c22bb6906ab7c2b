/** /reset-password/$token: new password twice; on success back to /login after 3 s (spec 2, 4, 8). */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { RESET_REDIRECT_MS } from '../../contract/limits';
import { AuthLayout } from './auth-layout';
import { Field } from './field';
import { FormAlert } from './form-alert';
import { loadSubmitCode, preloadSubmitCode } from './submit-code';
import { CANNOT_REACH_SERVER, RESET_TOKEN_MISSING } from './texts';

export function ResetPasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<string[]>(() => (token.trim() ? [] : [RESET_TOKEN_MISSING]));
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = await loadSubmitCode();
    if (!code) {
      setErrors([CANNOT_REACH_SERVER]);
      return;
    }
    const invalid = code.validateReset({ token, password, confirm });
    setErrors(invalid);
    if (invalid.length > 0) return;
    setSubmitting(true);
    try {
      setDone(await code.accountActions.resetPassword(token, password));
    } catch (error) {
      setErrors([code.resetErrorText(error)]);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Reset your password">
      {done ? (
        <div role="status" className="alert alert--success">
          <p>{done}</p>
          <p style={{ margin: 0 }}>Taking you to the login page…</p>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} onFocus={preloadSubmitCode} noValidate aria-busy={submitting}>
          <FormAlert messages={errors} />
          <Field
            id="reset-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onValueChange={setPassword}
          />
          <Field
            id="reset-confirm"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onValueChange={setConfirm}
          />
          <button type="submit" className="button button--block" disabled={submitting}>
            Reset password
          </button>
        </form>
      )}
      <p className="auth-switch">
        <Link to="/login">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}
