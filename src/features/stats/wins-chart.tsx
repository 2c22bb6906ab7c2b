/**
 * 'Wins over time': the user's wins so far after each counted game, as a step line
 * with a dot per game (filled: a win). Hand-rolled SVG, not a chart library: the data is one
 * short series, the SVG is ~1 kB of code, reads the theme's CSS custom properties, has real
 * text for assistive technology, and renders in the unit tests' DOM. docs/stats.md weighs
 * uPlot (canvas, ~20 kB gzipped) against it.
 *
 * The picture is `role="img"` with a title and a one-sentence description; the same data is
 * also a table (under "Show the games") for anyone who would rather read it.
 */
import { useId } from 'react';
import type { WinsPoint } from '../../stats';
import { StatsText, wins as winsText, games as gamesText } from './texts';

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 28, right: 10, top: 10, bottom: 24 };

function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString([], { dateStyle: 'medium' });
}

export function winsChartDescription(points: readonly WinsPoint[]): string {
  const last = points.at(-1);
  if (!last) return 'No finished games yet.';
  return `${winsText(last.wins)} in ${gamesText(points.length)}, from ${day(points[0]!.endedAt)} to ${day(last.endedAt)}.`;
}

export function WinsChart({ points }: { points: readonly WinsPoint[] }) {
  const id = useId();
  const maxWins = Math.max(1, ...points.map((p) => p.wins));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  // One game: a single dot in the middle; more: spread edge to edge.
  const x = (i: number) => PAD.left + (points.length === 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (wins: number) => PAD.top + plotH - (wins * plotH) / maxWins;
  const path = points.map((p, i) => (i === 0 ? `M${x(0)} ${y(p.wins)}` : `H${x(i)} V${y(p.wins)}`)).join(' ');
  const radius = points.length > 60 ? 1.5 : 3.5;

  return (
    <figure className="wins-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="xMidYMid meet">
        <title id={`${id}-title`}>{StatsText.winsOverTime}</title>
        <desc id={`${id}-desc`}>{winsChartDescription(points)}</desc>
        <line className="chart-axis" x1={PAD.left} y1={PAD.top + plotH} x2={WIDTH - PAD.right} y2={PAD.top + plotH} />
        <line className="chart-axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + plotH} />
        <text className="chart-label" x={PAD.left - 6} y={PAD.top + plotH} textAnchor="end" dominantBaseline="middle">
          0
        </text>
        <text className="chart-label" x={PAD.left - 6} y={PAD.top} textAnchor="end" dominantBaseline="middle">
          {maxWins}
        </text>
        <text className="chart-label" x={PAD.left} y={HEIGHT - 6}>
          {day(points[0]?.endedAt ?? '')}
        </text>
        <text className="chart-label" x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end">
          {points.length > 1 ? day(points.at(-1)!.endedAt) : ''}
        </text>
        {points.length > 1 ? <path className="chart-line" d={path} /> : null}
        {points.map((p, i) => (
          <circle key={p.gameId} className={p.won ? 'chart-dot chart-dot--win' : 'chart-dot'} cx={x(i)} cy={y(p.wins)} r={radius} />
        ))}
      </svg>
      <figcaption className="muted">Your wins so far after each finished game; a filled dot is a win.</figcaption>
      <details className="chart-data">
        <summary>Show the games</summary>
        <table className="stats-table">
          <caption className="visually-hidden">{StatsText.winsOverTime}, oldest game first</caption>
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Ended</th>
              <th scope="col">Result</th>
              <th scope="col">Wins so far</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={p.gameId}>
                <td>{i + 1}</td>
                <td>{day(p.endedAt)}</td>
                <td>{p.won ? 'Won' : p.draw ? 'Draw' : 'Lost'}</td>
                <td>{p.wins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
