/**
 * The summary's life chart: each player's life at the start of every turn and at the end
 * (`table.lifeByTurn`, src/game/life-series.ts), one line per player in the player's colour, with
 * a legend of names. Hand-rolled SVG like the stats' wins chart (docs/stats.md): it scales with its
 * `viewBox` down to 360 px and renders in the unit tests' DOM. The picture is `role="img"` named
 * by a one-sentence summary ("Life by turn: Ana 40 → 0, Bo 40 → 12."), which is also its caption;
 * the same figures are a table under "Show the life totals". Games stored before the series
 * existed (or ended before a turn was booked) have no chart: the component draws nothing.
 */
import { useId } from 'react';
import type { Game } from '../../../contract/game';
import { total } from '../../../game/events';
import { lifeChartSummary, lifeLines, type LifeLine } from '../../../game/life-series';
import { playerColor } from './table/colors';

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { left: 30, right: 10, top: 10, bottom: 22 };

/** Round life values to draw axis marks at: the top, 0 and, when life went below 0, the bottom. */
function yMarks(low: number, high: number): number[] {
  return [...new Set([high, 0, low])];
}

/** Where `x` is in the game: 'End', or the turn's number. */
function turnAt(lines: readonly LifeLine[], x: number): string {
  const point = lines.flatMap((line) => line.points).find((p) => p.x === x);
  return point?.end ? 'End' : String(point?.turn ?? x);
}

const axisLabel = (at: string) => (at === 'End' ? at : `Turn ${at}`);

export function LifeChart({ game }: { game: Game }) {
  const id = useId();
  const lines = lifeLines(game);
  if (lines.length === 0) return null;

  const all = lines.flatMap((line) => line.points);
  const xs = [...new Set(all.map((p) => p.x))].sort((a, b) => a - b);
  const [minX, maxX] = [xs[0]!, xs.at(-1)!];
  const high = Math.max(1, ...all.map((p) => p.life));
  const low = Math.min(0, ...all.map((p) => p.life));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (value: number) => PAD.left + ((value - minX) * plotW) / Math.max(1, maxX - minX);
  const y = (life: number) => PAD.top + ((high - life) * plotH) / (high - low);
  const summary = lifeChartSummary(lines);
  const many = all.length / lines.length > 60;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Life by turn</h2>
      <figure className="life-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-caption`} preserveAspectRatio="xMidYMid meet">
          {yMarks(low, high).map((mark) => (
            <g key={mark}>
              <line className={mark === 0 ? 'life-chart-zero' : 'life-chart-grid'} x1={PAD.left} y1={y(mark)} x2={WIDTH - PAD.right} y2={y(mark)} />
              <text className="life-chart-label" x={PAD.left - 5} y={y(mark)} textAnchor="end" dominantBaseline="middle">
                {total(mark)}
              </text>
            </g>
          ))}
          <text className="life-chart-label" x={PAD.left} y={HEIGHT - 5}>
            {axisLabel(turnAt(lines, minX))}
          </text>
          <text className="life-chart-label" x={WIDTH - PAD.right} y={HEIGHT - 5} textAnchor="end">
            {axisLabel(turnAt(lines, maxX))}
          </text>
          {lines.map((line) => (
            <g key={line.seat} className="life-chart-series" style={{ '--player': playerColor(line.seat) } as React.CSSProperties}>
              <polyline className="life-chart-line" points={line.points.map((p) => `${x(p.x)},${y(p.life)}`).join(' ')} />
              {many ? null : line.points.map((p) => <circle key={p.x} className="life-chart-dot" cx={x(p.x)} cy={y(p.life)} r={2.5} />)}
            </g>
          ))}
        </svg>
        <figcaption id={`${id}-caption`} className="visually-hidden">
          {summary}
        </figcaption>
        <ul className="life-chart-legend" aria-hidden="true">
          {lines.map((line) => (
            <li key={line.seat} style={{ '--player': playerColor(line.seat) } as React.CSSProperties}>
              <span className="life-chart-swatch" />
              <span className="life-chart-name">{line.name}</span> {total(line.first)} → {total(line.last)}
            </li>
          ))}
        </ul>
        <details className="life-chart-data">
          <summary>Show the life totals</summary>
          <div className="life-chart-table">
            <table>
              <caption className="visually-hidden">Life at the start of each turn, and at the end</caption>
              <thead>
                <tr>
                  <th scope="col">Turn</th>
                  {lines.map((line) => (
                    <th key={line.seat} scope="col">
                      {line.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {xs.map((at) => (
                  <tr key={at}>
                    <th scope="row">{turnAt(lines, at)}</th>
                    {lines.map((line) => {
                      const point = line.points.find((p) => p.x === at);
                      return <td key={line.seat}>{point ? total(point.life) : '—'}</td>;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>
    </section>
  );
}
