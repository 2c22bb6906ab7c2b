/** What the auth screens show for a failed call. */
import { ApiError, NetworkError, serverMessage } from '../../sync/engine/api';
import { CANNOT_REACH_SERVER } from './texts';

export { CANNOT_REACH_SERVER, serverMessage };

/** The server's own text first, then a plain offline text, then the error's message. */
export function describeAuthError(error: unknown): string {
  if (error instanceof NetworkError) return CANNOT_REACH_SERVER;
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export const RESET_INVALID_TOKEN = 'Failed to reset password. Invalid or expired token.';
export const RESET_UNEXPECTED = 'An unexpected error occurred. Please try again.';

/** The spec's error catalogue: a 400 means the token is bad; anything else is unexpected. */
export function resetErrorText(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? RESET_INVALID_TOKEN : RESET_UNEXPECTED;
}
