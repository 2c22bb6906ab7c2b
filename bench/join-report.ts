/** The "join by link" figure of `npm run bench` (join.ts), printed for a running server and two signed-in accounts. */
import { fmt } from './stats';
import { JOINS, joinBench } from './join';

type Account = Parameters<typeof joinBench>[1];

export async function printJoin(baseUrl: string, host: Account, joiner: Account): Promise<void> {
  console.log(`\nJoin by link: open /join/<code> → take the seat → own tile on the playmat, ${JOINS} joins, Chromium 360×640`);
  const result = await joinBench(baseUrl, host, joiner);
  console.log('                                             p50 ms   range ms');
  console.log(`  participant opens the game (reference)    ${fmt(result.open.p50).padStart(6)}   ${fmt(result.open.min, 0)}–${fmt(result.open.max, 0)}`);
  console.log(`  join by link, seated                      ${fmt(result.join.p50).padStart(6)}   ${fmt(result.join.min, 0)}–${fmt(result.join.max, 0)}`);
  console.log(`  ratio (join/open)                         ${fmt(result.join.p50 / result.open.p50, 2).padStart(5)}x`);
}
