/** The "kill the server mid-replay" figure of `npm run bench` (crash-replay.ts), printed for a running server, which it kills and restarts. */
import type { ServerProcess } from '../tests/e2e/server-process';
import type { CrashAccount } from '../tests/support/crash-round';
import { crashReplay, KILL_WINDOW_MS, QUEUED, ROUNDS } from './crash-replay';
import { fmt, median } from './stats';

export async function printCrashReplay(server: ServerProcess, sender: CrashAccount): Promise<void> {
  console.log(`\nKill the server mid-replay: ${ROUNDS} rounds of ${QUEUED} queued direct messages, SIGKILL 0–${KILL_WINDOW_MS} ms after the 1st or 2nd push, restart on the same DATA_DIR`);
  const crash = await crashReplay(server, sender);
  const killedMid = crash.rounds.filter((round) => round.waitingAtKill > 0).length;
  console.log(`  lost / duplicated / left failed   ${crash.lost} / ${crash.duplicated} / ${crash.failed}  (target 0 / 0 / 0, over ${ROUNDS * QUEUED} writes)`);
  console.log(`  kills with writes still queued    ${killedMid} of ${ROUNDS}`);
  console.log(`  per round, median                 ${fmt(median(crash.rounds.map((round) => round.replayMs)), 0)} ms to drain, of which ${fmt(median(crash.rounds.map((round) => round.restartMs)), 0)} ms restarting; ${median(crash.rounds.map((round) => round.requests))} push requests`);
}
