/**
 * `npm run bench`: each figure next to a reference measured in the same run, as a ratio
 * (docs/architecture.md, "Conventions": never a pass/fail on an absolute time), or, for
 * first-load bytes and scores, next to the figure measured before the work and its budget
 * (first-load-report.ts). Loopback only,
 * bounded: 1,000 sockets, 5 rounds of 100 fan-out messages, 1,000 queued messages, 3 rounds of 3 s per REST figure, 200
 * taps in Chromium (100 on each target), 20 server kills mid-replay (each restart ~10 s on PGlite), a 10 s write flood and a 9 s WebSocket flood. The server runs as its own process at
 * LOG_LEVEL=info (the production default) on an embedded database in a temporary DATA_DIR, and
 * again on PostgreSQL (a fresh database, dropped afterwards) when TEST_DATABASE_URL is set.
 * Per-user write limits are scaled out of the way (RATE_LIMIT_SCALE) except in the two flood
 * figures, which measure them.
 *
 * `-- --only=<part>[,<part>]` runs only those parts (in the order of parts.ts, whatever the order
 * given), `-- --list` prints them. The app is built, and Chromium installed, only when a selected
 * part needs them.
 */
import { parseArgs } from 'node:util';
import { ServerProcess } from '../tests/e2e/server-process';
import { ensureChromium } from '../scripts/ensure-chromium';
import { account } from './accounts';
import { BENCH_ENV, machineLine } from './env';
import { buildApp } from './first-load-report';
import { PARTS, type BenchContext, type BenchPart } from './parts';

/** One line a part: its name, what it measures, and what run.ts provides for it. */
function partLines(): string[] {
  const width = Math.max(...PARTS.map((part) => part.name.length));
  return PARTS.map((part) => {
    const needs = [part.needs.build && 'the built app', part.needs.chromium && 'Chromium', part.needs.server && 'the shared server'].filter(Boolean);
    return `  ${part.name.padEnd(width)}  ${part.description}${needs.length > 0 ? ` [${needs.join(', ')}]` : ''}`;
  });
}

function usage(problem: string): never {
  console.error([problem, 'Usage: npm run bench [-- --only=<part>[,<part>]] [-- --list]', 'Parts:', ...partLines()].join('\n'));
  process.exit(1);
}

function selectedParts(): readonly BenchPart[] | 'list' {
  let values: { only?: string; list?: boolean };
  try {
    ({ values } = parseArgs({ options: { only: { type: 'string' }, list: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    usage((error as Error).message);
  }
  if (values.list) return 'list';
  if (values.only === undefined) return PARTS;
  const names = values.only.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) usage('--only needs at least one part.');
  const unknown = names.filter((name) => !PARTS.some((part) => part.name === name));
  if (unknown.length > 0) usage(`Unknown part${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  return PARTS.filter((part) => names.includes(part.name));
}

const selected = selectedParts();
if (selected === 'list') {
  console.log(['Parts of npm run bench, in run order (run some with: npm run bench -- --only=<part>[,<part>]):', ...partLines()].join('\n'));
  process.exit(0);
}

console.log(machineLine());
if (selected.some((part) => part.needs.chromium)) ensureChromium();
if (selected.some((part) => part.needs.build)) buildApp();

let server: ServerProcess | undefined;
let pair: ReturnType<BenchContext['pair']> | undefined;
const context: BenchContext = {
  get server() {
    if (!server) throw new Error('this part reads the shared server but does not declare needs.server (bench/parts.ts)');
    return server;
  },
  pair() {
    pair ??= (async () => ({ sender: await account(context.server.url, 'sender'), receiver: await account(context.server.url, 'receiver') }))();
    return pair;
  },
};
const lastOnServer = selected.findLastIndex((part) => part.needs.server);

try {
  for (const [index, part] of selected.entries()) {
    if (part.needs.server && !server) {
      server = new ServerProcess(BENCH_ENV);
      await server.start();
    }
    await part.run(context);
    if (index === lastOnServer) {
      await server?.dispose();
      server = undefined;
    }
  }
} finally {
  await server?.dispose();
}
