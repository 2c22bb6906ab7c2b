/**
 * /game/$id and /game/session (the spec's Playmat screen). The playmat reads the game from the mirror,
 * and pulls it once on opening; /game/session opens the latest live game on this device.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { actions } from '../../../sync/app';
import { LoadingText } from '../../../ui/list-status';
import { PageHeader } from '../../shell/page-header';
import { useGame, useLatestActiveGameId } from '../hooks';
import { Playmat } from './playmat';
import { LOADING_GAME, NO_LIVE_GAME } from '../texts';
import '../../chats/chats.css';
import '../game.css';
import './playmat.css';

export function NoLiveGame() {
  return (
    <main className="page">
      <PageHeader title="Playmat" />
      <section className="card">
        <p>{NO_LIVE_GAME}</p>
        <div className="button-row">
          <Link to="/game/setup" className="button">
            Start a new game
          </Link>
          <Link to="/dashboard" className="button button--secondary">
            Back to dashboard
          </Link>
        </div>
      </section>
    </main>
  );
}

function LoadingGame() {
  return (
    <main className="page">
      <PageHeader title="Playmat" />
      <LoadingText text={LOADING_GAME} />
    </main>
  );
}

export function PlaymatPage({ gameId }: { gameId: string }) {
  const game = useGame(gameId);
  const pulledFor = useRef<string | null>(null);
  const [pull, setPull] = useState<{ gameId: string; done: boolean } | null>(null);

  // Pulled once on opening: a game the mirror lacks (a link from another device) shows 'Loading
  // game...' meanwhile; one it has shows at once and is refreshed (its copy may be older than
  // the server's, e.g. live updates missed while another page was loading).
  useEffect(() => {
    if (game === undefined || pulledFor.current === gameId) return;
    pulledFor.current = gameId;
    setPull({ gameId, done: false });
    const settle = () => setPull({ gameId, done: true });
    actions.pullGame(gameId).then(settle, settle);
  }, [game, gameId]);

  if (game) return <Playmat game={game} />;
  const pulled = pull?.gameId === gameId && pull.done;
  return game === null && pulled ? <NoLiveGame /> : <LoadingGame />;
}

export function GameSessionPage() {
  const navigate = useNavigate();
  const latest = useLatestActiveGameId();

  // The mirror answers at once; a refresh may still bring a game started on another device.
  useEffect(() => {
    void actions.pullList().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (latest) void navigate({ to: '/game/$id', params: { id: latest }, replace: true });
  }, [latest, navigate]);

  return latest === null ? <NoLiveGame /> : <LoadingGame />;
}
