/** `npm run bench:rest`: only the REST figures of `npm run bench` (rest-report.ts): embedded, then PostgreSQL and PostgreSQL + Redis when TEST_DATABASE_URL and TEST_REDIS_URL are set. */
import { ServerProcess } from '../tests/e2e/server-process';
import { BENCH_ENV, machineLine } from './env';
import { printRest, printRestOnPostgres } from './rest-report';

console.log(machineLine());
const server = new ServerProcess(BENCH_ENV);
try {
  await server.start();
  await printRest('the embedded database', server);
} finally {
  await server.dispose();
}
await printRestOnPostgres(BENCH_ENV);
