/**
 * /claim/$token: the link mailed to a guest. A signed-in user who opens it becomes that
 * participant (POST /api/games/claim/{token}) and lands on the game. Claiming needs the
 * network: with none, the page says so and offers to try again.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError, serverMessage } from '../../../sync/engine/api';
import { actions } from '../../../sync/app';
import { PageHeader } from '../../shell/page-header';
import '../game.css';

export const CLAIMING = 'Claiming your seat...';
export const CLAIM_OFFLINE = 'Claiming a game needs a connection. Try again when you are online.';
export const CLAIM_FAILED = 'We could not claim this game. Please try again.';

export function ClaimPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const claim = useCallback(async () => {
    setError(null);
    try {
      const gameId = await actions.claimGame(token);
      await navigate({ to: '/game/$id', params: { id: gameId }, replace: true });
    } catch (failure) {
      setError(failure instanceof NetworkError ? CLAIM_OFFLINE : (serverMessage(failure) ?? CLAIM_FAILED));
    }
  }, [navigate, token]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void claim();
  }, [claim]);

  return (
    <main className="page">
      <PageHeader title="Claim your game" />
      <section className="card">
        {error ? (
          <>
            <p role="alert" className="alert alert--error">
              {error}
            </p>
            <div className="button-row">
              <button type="button" className="button" onClick={() => void claim()}>
                Try again
              </button>
              <Link to="/dashboard" className="button button--secondary">
                Back to dashboard
              </Link>
            </div>
          </>
        ) : (
          <p role="status">{CLAIMING}</p>
        )}
      </section>
    </main>
  );
}
