/** Unknown paths and router failures (the spec's screen: 'Unexpected Application Error!'). */
import { Link } from '@tanstack/react-router';

export const UNEXPECTED_ERROR = 'Unexpected Application Error!';

export function UnexpectedError() {
  return (
    <main className="page page--center">
      <h1>{UNEXPECTED_ERROR}</h1>
      <p className="muted">This page does not exist or could not be shown.</p>
      <Link to="/" className="button">
        Go to the home page
      </Link>
    </main>
  );
}
