/**
 * The parts of `npm run bench`, in the order a run measures them (bench/run.ts reads this list;
 * `npm run bench -- --list` prints it). A part declares what it needs and run.ts provides only
 * that: the built app in dist/ (`npm run build`), Debian's Chromium, and the shared server
 * process. Parts that measure against servers of their own (postgres, flood, flood-ws, heavy, push)
 * start them themselves and do not need the shared one.
 *
 * The order matters for the shared server: first-load stops and restarts it, crash kills and
 * restarts it, and replay, taps and crash use the same sender (created on first use), so a run
 * of several parts measures each in the same state as the full run does.
 */
import type { ServerProcess } from '../tests/e2e/server-process';
import type { account } from './accounts';
import { printCrashReplay } from './crash-replay-report';
import { SOCKETS } from './live-fanout';
import { DEVICES } from './push';
import { QUEUED } from './replay';
import { BENCH_ENV } from './env';
import { printChatLive } from './chat-live-report';
import { printFanout } from './fanout-report';
import { reportFirstLoad } from './first-load-report';
import { printFlood } from './flood-report';
import { printHeavy } from './heavy-report';
import { printJoin } from './join-report';
import { printWsFlood } from './flood-ws-report';
import { printPush } from './push-report';
import { printReplay } from './replay-report';
import { printRest, printRestOnPostgres } from './rest-report';
import { printTapPaint } from './tap-paint-report';

type Account = Awaited<ReturnType<typeof account>>;

const count = (n: number) => n.toLocaleString('en');

/** What run.ts hands a part. */
export interface BenchContext {
  /** The shared server (embedded database, BENCH_ENV); only parts with `needs.server` may read it. */
  readonly server: ServerProcess;
  /** A sender and a receiver on the shared server, registered on first use and shared by every part after. */
  pair(): Promise<{ sender: Account; receiver: Account }>;
}

export interface BenchPart {
  name: string;
  /** One line for `--list`. */
  description: string;
  needs: {
    /** The built app in dist/ (run.ts runs `npm run build` first, unless BENCH_SKIP_BUILD=1). */
    build: boolean;
    /** Debian's Chromium (run.ts installs it when missing, as root). */
    chromium: boolean;
    /** The shared server process (run.ts starts it before the first such part and stops it after the last). */
    server: boolean;
  };
  run(context: BenchContext): Promise<void>;
}

export const PARTS: readonly BenchPart[] = [
  {
    name: 'first-load',
    description: 'JS bytes before first paint, sw.js and its first-visit cost, offline cold start, Lighthouse',
    needs: { build: true, chromium: true, server: true },
    run: ({ server }) => reportFirstLoad(server),
  },
  {
    name: 'fanout',
    description: `live fan-out of one POST to ${count(SOCKETS)} sockets against a bare ws broadcast`,
    needs: { build: false, chromium: false, server: true },
    run: ({ server }) => printFanout(server.url),
  },
  {
    name: 'rest',
    description: 'REST requests/s on the embedded database against a bare node:http server',
    needs: { build: false, chromium: false, server: true },
    run: ({ server }) => printRest('the embedded database', server),
  },
  {
    name: 'replay',
    description: `${count(QUEUED)} queued messages replayed from the outbox against sending them online`,
    needs: { build: false, chromium: false, server: true },
    run: async (context) => {
      const { sender, receiver } = await context.pair();
      await printReplay(context.server.port, sender, receiver.id);
    },
  },
  {
    name: 'taps',
    description: 'playmat life tap → painted frame in Chromium against a plain button',
    needs: { build: true, chromium: true, server: true },
    run: async (context) => {
      const { sender } = await context.pair();
      await printTapPaint(context.server.url, sender);
    },
  },
  {
    name: 'join',
    description: 'join a table by its link, seated on the playmat, against a participant opening the same game',
    needs: { build: true, chromium: true, server: true },
    run: async (context) => {
      const { sender, receiver } = await context.pair();
      await printJoin(context.server.url, sender, receiver);
    },
  },
  {
    name: 'chat',
    description: 'unread shown and cleared across two devices, and older pod-chat pages painted after they arrive, in Chromium',
    needs: { build: true, chromium: true, server: true },
    run: async (context) => {
      const { sender, receiver } = await context.pair();
      await printChatLive(context.server.url, receiver, sender);
    },
  },
  {
    name: 'crash',
    description: 'server SIGKILLed mid-replay and restarted: writes lost / duplicated / left failed',
    needs: { build: false, chromium: false, server: true },
    run: async (context) => {
      const { sender } = await context.pair();
      await printCrashReplay(context.server, sender);
    },
  },
  {
    name: 'postgres',
    description: 'the REST figures on PostgreSQL, and PostgreSQL + Redis (needs TEST_DATABASE_URL, TEST_REDIS_URL)',
    needs: { build: false, chromium: false, server: false },
    run: () => printRestOnPostgres(BENCH_ENV),
  },
  {
    name: 'flood',
    description: "one user's write flood: the others' send latency, limits on and scaled off",
    needs: { build: false, chromium: false, server: false },
    run: () => printFlood(),
  },
  {
    name: 'flood-ws',
    description: "one socket flooding PINGs: the others' live event latency, limits on, off, and a control",
    needs: { build: false, chromium: false, server: false },
    run: () => printWsFlood(),
  },
  {
    name: 'heavy',
    description: 'heavy account (40 pods × 3,000 messages, 200 peers, 1,500 games): first login against a light one, first-sync and catch-up pulls and bytes, mirror size; a year under the mirror budget',
    needs: { build: false, chromium: false, server: false },
    run: () => printHeavy(),
  },
  {
    name: 'push',
    description: `POST answer time with ${DEVICES} push devices on a slow push service against none`,
    needs: { build: false, chromium: false, server: false },
    run: () => printPush(),
  },
];
