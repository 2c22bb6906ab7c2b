/**
 * /login (the spec's login screen): 'Welcome back'. Success goes to the safe `redirect` or /dashboard.
 * Sent here by a join link (`redirect` /join/<code>), it also offers joining as a guest, without an account.
 * Once the person starts filling the form, the code of what comes next (the checks, the sync
 * layer, the page after login) is fetched, so logging in does not wait on it.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { preloadRouteCode } from '../../routes/lazy';
import { loadSync } from '../../sync/load';
import { useSessionStore } from '../../stores/session';
import { AuthLayout } from './auth-layout';
import { Field } from './field';
import { FormAlert } from './form-alert';
import { safeRedirect } from './redirect';
import { loadSubmitCode, preloadSubmitCode } from './submit-code';
import { CANNOT_REACH_SERVER } from './texts';

/** The join code of a join link that sent a signed-out person here, if any. */
function joinCodeOf(redirect: string | undefined): string | null {
  return /^\/join\/([A-Za-z0-9-]{1,40})$/.exec(redirect ?? '')?.[1] ?? null;
}

export function LoginPage({ redirect }: { redirect?: string }) {
  const joinCode = joinCodeOf(redirect);
  const navigate = useNavigate();
  const router = useRouter();
  const signIn = useSessionStore((state) => state.signIn);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [preloaded, setPreloaded] = useState(false);

  function preloadWhatComesNext() {
    if (preloaded) return;
    setPreloaded(true);
    preloadSubmitCode();
    loadSync().catch(() => undefined);
    preloadRouteCode(router, safeRedirect(redirect)).catch(() => undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = await loadSubmitCode();
    if (!code) {
      setErrors([CANNOT_REACH_SERVER]);
      return;
    }
    const invalid = code.validateLogin({ username, password });
    setErrors(invalid);
    if (invalid.length > 0) return;
    setSubmitting(true);
    // The sync layer writes the session into the mirror; without it (offline before the service
    // worker had its code) there is no logging in.
    const layer = await loadSync().catch(() => null);
    if (!layer) {
      setErrors([CANNOT_REACH_SERVER]);
      setSubmitting(false);
      return;
    }
    try {
      const answer = await layer.actions.login(username.trim(), password);
      signIn(answer.token);
      await navigate({ href: safeRedirect(redirect), replace: true });
    } catch (error) {
      setErrors([code.describeAuthError(error)]);
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout title="Welcome back">
      <form className="form" onSubmit={onSubmit} onFocus={preloadWhatComesNext} noValidate aria-busy={submitting}>
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
        New to PodTable?{' '}
        <Link to="/register" search={redirect ? { redirect } : {}}>
          Create one
        </Link>
      </p>
      {joinCode ? (
        <p className="auth-switch">
          No account needed to play:{' '}
          <Link to="/join-guest/$code" params={{ code: joinCode }}>
            Join as a guest
          </Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
