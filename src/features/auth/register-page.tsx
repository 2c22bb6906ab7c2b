/**
 * /register (the spec's sign-up screen). Validated with the contract first; success goes to /login, whose
 * code is fetched once the person starts filling the form.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { preloadRouteCode } from '../../routes/lazy';
import { showToast } from '../../stores/ui';
import { AuthLayout } from './auth-layout';
import { Field } from './field';
import { FormAlert } from './form-alert';
import { loadSubmitCode, preloadSubmitCode } from './submit-code';
import { CANNOT_REACH_SERVER } from './texts';

/** `redirect` (untrusted, checked by /login's safeRedirect) is handed on to /login, so a sign-up from a join link ends back there. */
export function RegisterPage({ redirect }: { redirect?: string } = {}) {
  const navigate = useNavigate();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { email: email.trim(), username: username.trim(), password };
    const code = await loadSubmitCode();
    if (!code) {
      setErrors([CANNOT_REACH_SERVER]);
      return;
    }
    const invalid = code.validateRegister(values);
    setErrors(invalid);
    if (invalid.length > 0) return;
    setSubmitting(true);
    try {
      // The server's neutral answer: the same whether or not the e-mail already had an account.
      showToast({ title: await code.accountActions.register(values), variant: 'success' });
      await navigate({ to: '/login', search: redirect ? { redirect } : {} });
    } catch (error) {
      setErrors([code.describeAuthError(error)]);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Create your account" subtitle="Join the pod community and start tracking your games.">
      <form className="form" onSubmit={onSubmit} onFocus={() => {
          preloadSubmitCode();
          preloadRouteCode(router, '/login').catch(() => undefined);
        }} noValidate aria-busy={submitting}>
        <FormAlert messages={errors} />
        <Field
          id="register-email"
          label="Email"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <Field
          id="register-username"
          label="Username"
          placeholder="Choose a unique username"
          autoComplete="username"
          autoCapitalize="none"
          required
          value={username}
          onValueChange={setUsername}
        />
        <Field
          id="register-password"
          label="Password"
          type="password"
          placeholder="Create a secure password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <button type="submit" className="button button--block" disabled={submitting}>
          Sign up
        </button>
      </form>
      <p className="auth-switch">
        Already have an account?{' '}
        <Link to="/login" search={redirect ? { redirect } : {}}>
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
