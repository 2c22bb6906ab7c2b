/** /login (spec section 2): 'Welcome back'. Success goes to the safe `redirect` or /dashboard. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { actions } from '../../sync/app';
import { useSessionStore } from '../../stores/session';
import { AuthLayout } from './AuthLayout';
import { describeAuthError } from './errors';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { safeRedirect } from './redirect';
import { validateLogin } from './validation';

export function LoginPage({ redirect }: { redirect?: string }) {
  const navigate = useNavigate();
  const signIn = useSessionStore((state) => state.signIn);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateLogin({ username, password });
    setErrors(invalid);
    if (invalid.length > 0) return;
    setSubmitting(true);
    try {
      const answer = await actions.login(username.trim(), password);
      signIn(answer.token);
      await navigate({ href: safeRedirect(redirect), replace: true });
    } catch (error) {
      setErrors([describeAuthError(error)]);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Welcome back">
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={submitting}>
        <FormAlert messages={errors} />
        <Field
          id="login-username"
          label="Username"
          placeholder="Enter your username"
          autoComplete="username"
          autoCapitalize="none"
          required
          value={username}
          onValueChange={setUsername}
        />
        <Field
          id="login-password"
          label="Password"
          type="password"
          placeholder="Enter your password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <div className="field-row">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <button type="submit" className="button button--block" disabled={submitting}>
          Log in
        </button>
      </form>
      <p className="auth-switch">
        New to PodTable? <Link to="/register">Create one</Link>
      </p>
    </AuthLayout>
  );
}
