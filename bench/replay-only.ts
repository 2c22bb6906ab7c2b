/** `npm run bench:replay`: only the outbox replay figure of `npm run bench` (replay-report.ts), on the embedded database. */
import { ServerProcess } from '../tests/e2e/server-process';
import { account } from './accounts';
import { BENCH_ENV, machineLine } from './env';
import { printReplay } from './replay-report';

console.log(machineLine());
const server = new ServerProcess(BENCH_ENV);
try {
  await server.start();
  const sender = await account(server.url, 'sender');
  const receiver = await account(server.url, 'receiver');
  await printReplay(server.port, sender, receiver.id);
} finally {
  await server.dispose();
}
