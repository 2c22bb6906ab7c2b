/** `npm run bench:fanout`: only the live fan-out figures of `npm run bench` (fanout-report.ts), on the embedded database. */
import { ServerProcess } from '../tests/e2e/server-process';
import { BENCH_ENV, machineLine } from './env';
import { printFanout } from './fanout-report';

console.log(machineLine());
const server = new ServerProcess(BENCH_ENV);
try {
  await server.start();
  await printFanout(server.url);
} finally {
  await server.dispose();
}
