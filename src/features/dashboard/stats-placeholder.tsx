/**
 * The spec's 'Stats Highlights' placeholder: fixed sample figures, dimmed, under an overlay,
 * shown exactly so while the user has no finished game. The figures are not the user's, so they
 * are hidden from assistive technology; the overlay says what is true.
 */
const SAMPLE_STATS: Array<[label: string, value: string]> = [
  ['Games played', '42'],
  ['Win rate', '31%'],
  ['Most played commander', "Atraxa, Praetors' Voice"],
  ['Average game length', '1h 25m'],
  ['Longest win streak', '4'],
  ['Pod rank', '#2'],
];

export function StatsPlaceholder() {
  return (
    <div className="stats-body">
      <dl className="stats-grid" aria-hidden="true">
        {SAMPLE_STATS.map(([label, value]) => (
          <div key={label} className="stat">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="stats-overlay">
        <p className="stats-overlay-title">Stats Under Construction</p>
        <p>This feature is coming soon!</p>
      </div>
    </div>
  );
}
