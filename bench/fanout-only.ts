/** `npm run bench:fanout`: only the live fan-out figures of `npm run bench` (fanout-report.ts), on the embedded database. */
import os from 'node:os';
import { ServerProcess } from '../tests/e2e/server-process';
import { BENCH_ENV } from './env';
import { printFanout } from './fanout-report';

console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min)`);
const server = new ServerProcess(BENCH_ENV);
try {
  await server.start();
  await printFanout(server.url);
} finally {
  await server.dispose();
}
