/** The outbox replay figure of `npm run bench` (replay.ts), printed for a running server; `npm run bench -- --only=replay` runs only this. */
import { fmt } from './stats';
import { DELAY_MS, QUEUED, replayVersusOnline } from './replay';

export async function printReplay(serverPort: number, sender: { id: string; username: string; token: string }, receiverId: string): Promise<void> {
  console.log(`\nOutbox replay: ${QUEUED} direct messages queued offline, then sent, through a proxy adding ${DELAY_MS * 2} ms of round trip`);
  const replay = await replayVersusOnline(serverPort, sender, receiverId);
  console.log(`  sent online (fetch, one by one)   ${fmt(replay.onlineMs, 0).padStart(7)} ms  (${fmt((QUEUED / replay.onlineMs) * 1000, 0)} msg/s)`);
  console.log(`  replayed from the outbox          ${fmt(replay.replayMs, 0).padStart(7)} ms  (${fmt((QUEUED / replay.replayMs) * 1000, 0)} msg/s)`);
  console.log(`  replay is ${fmt(replay.onlineMs / replay.replayMs, 1)}x faster (target ≥ 10x)`);
}
