/** The "taps paint first" figure of `npm run bench` (tap-paint.ts), printed for a running server and a signed-in account. */
import { fmt } from './stats';
import { CPU_SLOWDOWN, TAPS, tapPaint } from './tap-paint';

export async function printTapPaint(baseUrl: string, me: { id: string; username: string; token: string; password: string }): Promise<void> {
  console.log(`\nTaps paint first: click → painted frame, ${TAPS} taps each, Chromium 360×640, CPU ${CPU_SLOWDOWN}× slower, a 6-player game`);
  const taps = await tapPaint(baseUrl, me);
  console.log('                                 p50 ms   p95 ms');
  console.log(`  plain button (reference)        ${fmt(taps.reference.p50).padStart(6)}   ${fmt(taps.reference.p95).padStart(6)}`);
  console.log(`  playmat life tap                ${fmt(taps.playmat.p50).padStart(6)}   ${fmt(taps.playmat.p95).padStart(6)}`);
  console.log(`  ratio (playmat/button)          ${fmt(taps.playmat.p50 / taps.reference.p50, 2).padStart(5)}x   ${fmt(taps.playmat.p95 / taps.reference.p95, 2).padStart(5)}x (target p95 ≤ 1.2x)`);
  console.log(`  of which click → DOM changed    ${fmt(taps.commit.reference).padStart(6)} (button)  ${fmt(taps.commit.playmat)} (playmat), p50`);
}
