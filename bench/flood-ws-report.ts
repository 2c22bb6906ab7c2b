/** The WebSocket flood figure of `npm run bench` (flood-ws.ts): limits on, then scaled off, then a control without a flood, each a ratio to its own idle p50. */
import { OTHERS, PACE_MS, PHASE_MS, wsFloodRun, type FlooderCounts } from './flood-ws';
import { fmt } from './stats';

const closes = (counts: FlooderCounts) =>
  Object.entries(counts.closes)
    .map(([code, n]) => `${code}×${n}`)
    .join(' ') || 'none';

export async function printWsFlood(): Promise<void> {
  console.log(`\nWebSocket flood: ${OTHERS} users each get a direct message every ${PACE_MS} ms on their socket (POST start → event); then one more user floods PINGs on one socket for ${PHASE_MS / 1000} s, reopening it whenever it is closed`);
  console.log('                           others p50 idle   others p50 flood   ratio   others p99 flood   flooder PINGs sent / PONGs / sockets; closes');
  // The control runs the second phase with nobody flooding: how far two idle phases differ on this machine.
  for (const [label, scale, flood] of [['PodTable (limits on)', 1, true], ['limits scaled off', 10_000, true], ['no flood (control)', 1, false]] as const) {
    const result = await wsFloodRun(scale, flood);
    const { pings, pongs, sockets } = result.flooder;
    console.log(
      `  ${label.padEnd(24)} ${fmt(result.idleP50).padStart(10)} ms   ${fmt(result.floodP50).padStart(12)} ms   ${fmt(result.floodP50 / result.idleP50, 2).padStart(5)}x   ${fmt(result.floodP99).padStart(12)} ms   ${pings} / ${pongs} / ${sockets}; ${closes(result.flooder)}`,
    );
  }
  console.log('  (target with limits on: ratio ≤ 1.5x)');
}
