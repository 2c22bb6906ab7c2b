/** /game/* and the wizard until the game issues: honest placeholders (no games exist yet). */
import { Link } from '@tanstack/react-router';
import { ComingSoon } from '../shell/ComingSoon';

export const NO_LIVE_GAME = "We couldn't find a live game session.";

/** /game/$id and /game/session: the /game routes have no bottom navigation, so offer a way back. */
export function NoLiveGame() {
  return (
    <ComingSoon title="Playmat" line={NO_LIVE_GAME}>
      <Link to="/dashboard" className="button">
        Back to dashboard
      </Link>
    </ComingSoon>
  );
}

export function NewGameComing() {
  return (
    <ComingSoon title="New game" line="The new game wizard is coming in the next update.">
      <Link to="/dashboard" className="button">
        Back to dashboard
      </Link>
    </ComingSoon>
  );
}

export function SeatingComing() {
  return (
    <ComingSoon title="Seating" line="Seating layout is coming in the next update.">
      <Link to="/dashboard" className="button">
        Back to dashboard
      </Link>
    </ComingSoon>
  );
}
