/** The push notification figure of `npm run bench` (push.ts): the POST's answer time with and without push subscriptions. Starts its own server. */
import { DEVICES, PUSH_MESSAGES, PUSH_SERVICE_DELAY_MS, pushCost } from './push';
import { fmt } from './stats';

export async function printPush(): Promise<void> {
  console.log(`\nPush notifications: ${PUSH_MESSAGES} direct messages, answer time of the POST (loopback)`);
  const push = await pushCost();
  console.log('                                              p50 ms   p99 ms');
  console.log(`  receiver without push subscriptions        ${fmt(push.reference.p50).padStart(6)}   ${fmt(push.reference.p99).padStart(6)}`);
  console.log(`  receiver with ${DEVICES} devices (${PUSH_SERVICE_DELAY_MS} ms push service) ${fmt(push.withPush.p50).padStart(6)}   ${fmt(push.withPush.p99).padStart(6)}`);
  console.log(`  ratio (with/without)                       ${fmt(push.withPush.p50 / push.reference.p50, 2).padStart(6)}x  ${fmt(push.withPush.p99 / push.reference.p99, 2).padStart(6)}x`);
  console.log(`  ${push.pushes} pushes encrypted, sent and decrypted in ${fmt(push.drainMs, 0)} ms after the first POST (${fmt((push.pushes / push.drainMs) * 1000, 0)}/s)`);
}
