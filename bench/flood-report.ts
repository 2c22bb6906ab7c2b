/** The write flood figure of `npm run bench` (flood.ts): limits on, then scaled off, each a ratio to its own idle p50. Starts its own servers. */
import os from 'node:os';
import { FLOOD_CONNECTIONS, OTHERS, PACE_MS, PHASE_MS, floodRun } from './flood';
import { fmt } from './stats';

export async function printFlood(): Promise<void> {
  console.log(`\nMachine load average before the flood runs: ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min, ${os.cpus().length} cores)`);
  console.log(`Flood: ${OTHERS} users send direct messages one at a time (one every ${PACE_MS} ms); then one more user floods from ${FLOOD_CONNECTIONS} connections for ${PHASE_MS / 1000} s`);
  console.log('                           others p50 idle   others p50 flood   ratio   others p99 flood   flooder sent / accepted / 429');
  for (const [label, scale] of [['PodTable (limits on)', 1], ['limits scaled off', 10_000]] as const) {
    const result = await floodRun(scale);
    console.log(
      `  ${label.padEnd(24)} ${fmt(result.idleP50).padStart(10)} ms   ${fmt(result.floodP50).padStart(12)} ms   ${fmt(result.floodP50 / result.idleP50, 2).padStart(5)}x   ${fmt(result.floodP99).padStart(12)} ms   ${result.flooderSent} / ${result.flooderAccepted} / ${result.flooderRefused}`,
    );
  }
}
