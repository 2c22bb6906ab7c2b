/**
 * /games: the games of the signed-in user — or of one pod — newest first: the ones in
 * progress (back to the table) and the past ones (each opening its summary). Read from the
 * mirror, so it works offline; a pull refreshes it when the screen opens.
 * Below the past games, one row about older ones (./older-games-row.tsx): reaching it loads
 * the next page from the server into the mirror (src/sync/actions/older-games.ts); the pages
 * arrive below what is on screen, so the scroll position holds.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { GameRow } from '../../db/schema';
import { seatName } from '../../game/events';
import { historyLists, outcomeText } from '../../game/history';
import { useCurrentUser } from '../auth/use-current-user';
import { db } from '../../sync/app';
import { pullKey } from '../../sync/engine/pull';
import { usePullOnMount, usePullState } from '../../ui/sync-hooks';
import { listState } from '../../ui/list-state';
import { formatDateAndTime } from '../../ui/time';
import { ListStatus } from '../../ui/list-status';
import { PageHeader } from '../shell/page-header';
import { OlderGamesRow } from './older-games-row';
import { useOlderGames } from './use-older-games';
import './history.css';

export const HistoryText = {
  title: 'Game history',
  loading: 'Loading games...',
  failed: 'Unable to load your games.',
  empty: 'No games yet.',
  emptyDetail: 'Games you play show up here, with their summary once they end.',
  noPast: 'No finished games yet.',
  allGames: 'All my games',
} as const;

const when = formatDateAndTime;

function GameItem({ game, podName }: { game: GameRow; podName: string | null }) {
  const live = game.status === 'ACTIVE';
  const players = game.participants.map((p) => seatName(game, p.seatNumber)).join(', ');
  return (
    <li className="history-item">
      <Link to="/game/$id" params={{ id: game.id }} className="history-link">
        <span className="history-title">{podName ?? 'Custom table'}</span>
        <span className="history-outcome">{live ? `Turn ${game.turnNumber} · in progress` : outcomeText(game)}</span>
        <span className="history-players muted">{players}</span>
        <time className="history-time muted" dateTime={live ? game.startTime : (game.result?.endedAt ?? game.updatedAt)}>
          {when(live ? game.startTime : (game.result?.endedAt ?? game.updatedAt))}
        </time>
      </Link>
    </li>
  );
}

export function GameHistoryPage({ podId }: { podId?: string }) {
  const navigate = useNavigate();
  const games = useLiveQuery(() => db.games.toArray(), []);
  const me = useCurrentUser();
  const podRows = useLiveQuery(() => db.pods.toArray(), []);
  const pods = podRows ?? [];
  const pull = usePullState(pullKey('games'));
  usePullOnMount();
  const podNames = new Map(pods.map((pod) => [pod.id, pod.name]));
  // Both reads first: a pod game never shows without its pod's name.
  const ready = games !== undefined && podRows !== undefined && me !== undefined;
  const lists = historyLists(ready ? games : [], podId, me?.id);
  const shown = ready ? [...lists.inProgress, ...lists.past] : undefined;
  const podName = (game: GameRow) => (game.podId ? (podNames.get(game.podId) ?? 'A pod') : null);
  const older = useOlderGames(podId, lists.past.at(-1)?.id ?? null);
  const olderRow = <OlderGamesRow older={older} />;

  return (
    <main className="page history">
      <PageHeader title={HistoryText.title} />
      <div className="field history-filter">
        <label htmlFor="history-pod">Games of</label>
        <select id="history-pod" value={podId ?? ''} onChange={(event) => void navigate({ to: '/games', search: event.target.value ? { pod: event.target.value } : {} })}>
          <option value="">{HistoryText.allGames}</option>
          {pods.map((pod) => (
            <option key={pod.id} value={pod.id}>
              {pod.name}
            </option>
          ))}
        </select>
      </div>
      <ListStatus state={listState(shown, pull)} loading={HistoryText.loading} error={HistoryText.failed} empty={HistoryText.empty} emptyDetail={HistoryText.emptyDetail} />
      {lists.inProgress.length > 0 ? (
        <section aria-labelledby="history-live-title">
          <h2 id="history-live-title">In progress</h2>
          <ul className="history-list">
            {lists.inProgress.map((game) => (
              <GameItem key={game.id} game={game} podName={podName(game)} />
            ))}
          </ul>
        </section>
      ) : null}
      {shown && shown.length > 0 ? (
        <section aria-labelledby="history-past-title">
          <h2 id="history-past-title">Past games</h2>
          {lists.past.length === 0 ? <p className="muted">{HistoryText.noPast}</p> : null}
          <ul className="history-list">
            {lists.past.map((game) => (
              <GameItem key={game.id} game={game} podName={podName(game)} />
            ))}
          </ul>
          {olderRow}
        </section>
      ) : null}
      {/* Nothing held (a pod's games may all be older than the first pull's): the server may still have some. */}
      {shown && shown.length === 0 && older.atEnd === false ? olderRow : null}
    </main>
  );
}
