/**
 * The stats tables: per commander or deck, head-to-head, and a pod's leaderboard.
 * Real tables with column headers and a caption; each scrolls sideways inside a focusable
 * region when 360 px is too narrow, instead of the page.
 */
import type { ReactNode } from 'react';
import { averageFinish, percent, type GroupLine, type HeadToHead, type LeaderboardLine } from '../../stats';

function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div className="stats-table-frame" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function GroupTable({ caption, firstColumn, lines }: { caption: string; firstColumn: string; lines: readonly GroupLine[] }) {
  return (
    <TableFrame label={caption}>
      <table className="stats-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="stats-name">{firstColumn}</th>
            <th scope="col">Games</th>
            <th scope="col">Wins</th>
            <th scope="col">Win rate</th>
            <th scope="col">Average finish</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.label}</th>
              <td>{line.games}</td>
              <td>{line.wins}</td>
              <td>{percent(line.winRate)}</td>
              <td>{averageFinish(line.averageFinish)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

export function HeadToHeadTable({ caption, lines }: { caption: string; lines: readonly HeadToHead[] }) {
  return (
    <TableFrame label={caption}>
      <table className="stats-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="stats-name">Opponent</th>
            <th scope="col">Games together</th>
            <th scope="col">Your wins</th>
            <th scope="col">Their wins</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.userId}>
              <th scope="row">{line.name}</th>
              <td>{line.games}</td>
              <td>{line.myWins}</td>
              <td>{line.theirWins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

export function LeaderboardTable({ caption, lines, myId }: { caption: string; lines: readonly LeaderboardLine[]; myId: string }) {
  return (
    <TableFrame label={caption}>
      <table className="stats-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col" className="stats-name">Player</th>
            <th scope="col">Wins</th>
            <th scope="col">Win rate</th>
            <th scope="col">Games</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.userId} className={line.userId === myId ? 'stats-row--me' : undefined} aria-current={line.userId === myId ? 'true' : undefined}>
              <td>{line.rank}</td>
              <th scope="row">{line.name}</th>
              <td>{line.wins}</td>
              <td>{percent(line.winRate)}</td>
              <td>{line.games}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
