/**
 * The floor of a durable, rate-limited message POST on this PostgreSQL and this machine, run as
 * its own process like the bare server (bare-http-server.ts) and measured in the same rounds:
 * a bare node:http server that, for every POST, reads the body, parses its JSON and stores it
 * with ONE durable one-row INSERT (a named statement; synchronous commit, so one WAL flush),
 * counts the write limit's counter once every LEASE_MAX POSTs (an upsert on a connection with
 * `synchronous_commit=off`, as server/limits/backend.ts does; like lease.ts since c2caf25 it is
 * sent ahead and not waited for), and then answers the recorded bytes. Nothing else: no authentication, no membership check, no change log, no
 * live event, no framework.
 * So its POSTs/s over the bare server's, in the same round, is the highest sequential POST
 * ratio any server could print here without giving up a durable 201 or a shared write limit.
 * Args: the recordings file (JSON), the database URL. Prints its port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { LEASE_MAX } from '../server/limits/lease';
import { loadRecorded, recordedKey } from './recorded';

const answers = loadRecorded(process.argv[2]!);
const databaseUrl = process.argv[3]!;

const durable = new pg.Client({ connectionString: databaseUrl });
const counting = new pg.Client({ connectionString: databaseUrl, options: '-c synchronous_commit=off' });
await durable.connect();
await counting.connect();
await durable.query('create table if not exists bench_floor_messages (id bigserial primary key, content text not null, created_at timestamptz not null default now())');
await durable.query('create table if not exists bench_floor_counters (key text primary key, points int not null)');

let posts = 0;
async function store(body: string): Promise<void> {
  const { content } = JSON.parse(body) as { content: string };
  if (posts++ % LEASE_MAX === 0) {
    // Taken ahead, off the POST's path, as a lease is (pg.Client runs its queries in order).
    counting
      .query({
        name: 'count',
        text: 'insert into bench_floor_counters (key, points) values ($1, $2) on conflict (key) do update set points = bench_floor_counters.points + $2',
        values: ['w-message-user', LEASE_MAX],
      })
      .catch((error: Error) => console.error(`counter: ${error.message}`));
  }
  await durable.query({ name: 'store', text: 'insert into bench_floor_messages (content) values ($1)', values: [content] });
}

const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    const answer = answers.get(recordedKey(request.method, request.url));
    if (!answer || request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    store(body).then(
      () => response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.bytes.length }).end(answer.bytes),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => {
  server.close();
  void Promise.all([durable.end(), counting.end()]).finally(() => process.exit(0));
});
