/** The live fan-out figures of `npm run bench` (live-fanout.ts), printed as rounds of (bare, bare PodTable-sized, PodTable) and the median of the per-round ratios. */
import { account } from './accounts';
import { bareWsFanout, FANOUT_ROUNDS, MESSAGES, podTableFanout, sameFrame, SOCKETS, WARMUP_MESSAGES, WARMUP_POSTS, type FanoutResult } from './live-fanout';
import { fmt, median } from './stats';

type Ratios = { p50: number; p99: number; throughput: number };

const ratios = (ours: FanoutResult, reference: FanoutResult): Ratios => ({
  p50: ours.p50 / reference.p50,
  p99: ours.p99 / reference.p99,
  throughput: ours.deliveriesPerSecond / reference.deliveriesPerSecond,
});
const medianOf = (all: Ratios[]): Ratios => ({ p50: median(all.map((r) => r.p50)), p99: median(all.map((r) => r.p99)), throughput: median(all.map((r) => r.throughput)) });
const row = (label: string, result: FanoutResult) =>
  console.log(`  ${label.padEnd(30)} ${fmt(result.p50).padStart(6)}   ${fmt(result.p99).padStart(6)}   ${fmt(result.deliveriesPerSecond, 0).padStart(12)}   ${String(result.frameBytes).padStart(5)}`);
const ratioRow = (label: string, r: Ratios) =>
  console.log(`  ${label.padEnd(30)} ${fmt(r.p50, 2).padStart(6)}x  ${fmt(r.p99, 2).padStart(6)}x  ${fmt(r.throughput, 2).padStart(11)}x`);

/** Runs the fan-out against the server at `baseUrl` (a direct message from a new sender to a new receiver's 1,000 sockets). */
export async function printFanout(baseUrl: string): Promise<void> {
  const sender = await account(baseUrl, 'sender');
  const receiver = await account(baseUrl, 'receiver');
  console.log(`\nLive fan-out: ${MESSAGES} messages (after ${WARMUP_POSTS} unmeasured sends before the sockets open and ${WARMUP_MESSAGES} after, on both servers), each to ${SOCKETS} sockets (loopback), ${FANOUT_ROUNDS} rounds; ratios within a round, then their median`);
  console.log('                                 p50 ms   p99 ms   deliveries/s   frame bytes');
  const versusBare: Ratios[] = [];
  const versusSized: Ratios[] = [];
  for (let round = 1; round <= FANOUT_ROUNDS; round++) {
    const bare = await bareWsFanout();
    const bareSized = await bareWsFanout(sameFrame(sender, receiver));
    const ours = await podTableFanout(baseUrl, sender, receiver);
    row(`${round}: bare ws broadcast`, bare);
    row(`${round}: bare ws, PodTable-sized`, bareSized);
    row(`${round}: PodTable POST+hub`, ours);
    versusBare.push(ratios(ours, bare));
    versusSized.push(ratios(ours, bareSized));
    ratioRow(`${round}: ratio (ours/bare)`, versusBare.at(-1)!);
  }
  ratioRow('median ratio (ours/bare)', medianOf(versusBare));
  ratioRow('median (ours/PodTable-sized)', medianOf(versusSized));
  console.log('  (targets vs bare: p99 ≤ 1.2x, deliveries/s ≥ 0.8x)');
}
