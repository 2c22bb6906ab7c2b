/** /forgot-password: asks for an e-mail and requests reset instructions; texts from the spec's error catalogue. */
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { AuthLayout } from './auth-layout';
import { Field } from './field';
import { FormAlert } from './form-alert';
import { loadSubmitCode, preloadSubmitCode } from './submit-code';
import { CANNOT_REACH_SERVER } from './texts';

export const FORGOT_PASSWORD_FAILED = 'Failed to send password reset instructions.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    const code = await loadSubmitCode();
    if (!code) {
      setErrors([CANNOT_REACH_SERVER]);
      return;
    }
    const invalid = code.validateEmail(email);
    setErrors(invalid);
    if (invalid.length > 0) return;
    setSubmitting(true);
    try {
      setSent(await code.accountActions.forgotPassword(email.trim()));
    } catch (error) {
      setErrors([code.serverMessage(error) ?? FORGOT_PASSWORD_FAILED]);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we will send you a link to set a new password."
    >
      <form className="form" onSubmit={onSubmit} onFocus={preloadSubmitCode} noValidate aria-busy={submitting}>
        <FormAlert messages={errors} />
        {sent ? (
          <p role="status" className="alert alert--success">
            {sent}
          </p>
        ) : null}
        <Field
          id="forgot-email"
          label="Email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <button type="submit" className="button button--block" disabled={submitting}>
          Send reset instructions
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/login">Back to log in</Link>
      </p>
    </AuthLayout>
  );
}
