/**
 * The heavy-account figures of `npm run bench` (heavy.ts, heavy-account.ts, mirror-year.ts);
 * `npm run bench -- --only=heavy` runs only these. BENCH_HEAVY_SCALE (default 1) scales the
 * account's message and game counts for a slow machine; the report names the size it built.
 */
import { fmt, median } from './stats';
import { CATCH_UP_MESSAGES, measureHeavy, ROUNDS, type MirrorSize, type SyncCost } from './heavy';
import { simulateYear } from './mirror-year';

const MB = 1_000_000;
const count = (n: number) => n.toLocaleString('en');
const mb = (bytes: number) => `${fmt(bytes / MB, 2)} MB`;
const cost = (c: SyncCost) => `${c.pulls} pull${c.pulls === 1 ? '' : 's'}, ${mb(c.wireBytes)} sent (${mb(c.jsonBytes)} of JSON)`;
const rows = (m: MirrorSize) =>
  Object.entries(m.rows)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table} ${count(n)}`)
    .join(', ');

export async function printHeavy(): Promise<void> {
  const scale = Number(process.env.BENCH_HEAVY_SCALE ?? '1');
  if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_HEAVY_SCALE must be in (0, 1]');
  const result = await measureHeavy(scale);
  const { size } = result.account;
  console.log(
    `\nHeavy account: ${size.pods} pods × ${count(size.messagesPerPod)} messages, ${size.peers} peers × ${count(size.messagesPerPeer)} messages, ${count(size.games)} finished games (built in ${fmt(result.account.buildMs / 1000, 0)} s, straight into the database)`,
  );
  console.log(`  first login → dashboard and chat list: ${fmt(median(result.ratios), 2)}x an account with one pod and one message (target ≤ 1.5x; median of ${ROUNDS} rounds: ${result.ratios.map((r) => fmt(r, 2)).join(', ')}; heavy ${result.heavyMs.map((ms) => fmt(ms, 0)).join('/')} ms, light ${result.lightMs.map((ms) => fmt(ms, 0)).join('/')} ms)`);
  console.log(`  first sync: ${cost(result.firstSync)}; done ${fmt(median(result.heavySyncedMs) / 1000, 1)} s after login (median; ${result.heavySyncedMs.map((ms) => fmt(ms / 1000, 1)).join('/')} s; target ≤ 10 s)`);
  console.log(`  mirror after it: ${mb(result.mirror.bytes)} (target ≤ 25 MB): ${rows(result.mirror)}`);
  console.log(`  ${count(CATCH_UP_MESSAGES)} new messages while offline, catch-up: ${cost(result.catchUp)} in ${fmt(result.catchUpMs / 1000, 1)} s (targets ≤ 5 pulls, ≤ 5 s); mirror then ${mb(result.mirrorAfterCatchUp.bytes)}`);
  const year = await simulateYear();
  console.log(`\nMirror budget: a simulated year of daily use (${year.description})`);
  console.log(`  mirror at the end: ${mb(year.withBudget.bytes)} with the budget, ${mb(year.without.bytes)} without it (the reference: the same year)`);
  console.log(
    `  messages held at the end: ${count(year.withBudget.messages)} with the budget (most on any day ${count(year.withBudget.peakMessages)}; budget ${count(year.budgetMessages)}), ${count(year.without.messages)} without; the queued edit kept: ${year.withBudget.pendingKept ? 'yes' : 'NO'}`,
  );
}
