/**
 * The calm face of a 429. The server's per-user write limits (server/limits) answer
 * 429 with Retry-After; queued writes simply wait for it (sender.ts), and the user reads one calm
 * line instead of an error, whether the write was queued or sent directly. The login and
 * forgot-password brakes keep their own text (it is about password attempts, not speed).
 */
import { ServerText } from '../../contract/server-text';

export const SENDING_QUICKLY = "You're sending quickly — we'll send the rest in a moment.";

/** The `{message}` a 429 answer is shown with: ours, unless it is the attempts brake's. */
export function calmRateLimitBody(body: unknown): { message: string } {
  const message = body && typeof body === 'object' && 'message' in body ? (body as { message: unknown }).message : undefined;
  return { message: message === ServerText.tooManyRequests ? message : SENDING_QUICKLY };
}
