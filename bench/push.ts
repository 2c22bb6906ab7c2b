/**
 * Does pushing slow the request that causes it? The answer time of POST
 * /api/direct-messages/send to a receiver with DEVICES push subscriptions on a slow push
 * service (each answer waits PUSH_SERVICE_DELAY_MS), against the same POST to a receiver with
 * none, on one server in the same run. Also: how long the server takes to deliver every push
 * (encrypted, signed, sent 8 at a time; the stand-in service only counts them here).
 */
import { ServerProcess } from '../tests/e2e/server-process';
import { FakePushService } from '../tests/server/push-service';
import { account } from './accounts';
import { summarize } from './stats';

export const PUSH_MESSAGES = 200;
export const DEVICES = 5;
export const PUSH_SERVICE_DELAY_MS = 50;
/** The pushes must all have arrived by then, or the run fails instead of hanging. */
const DRAIN_TIMEOUT_MS = 120_000;

async function answerTimes(baseUrl: string, token: string, receiverId: string): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < PUSH_MESSAGES; index += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/direct-messages/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ receiverId, content: `bench message ${index}` }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`send answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export async function pushCost() {
  const pushService = new FakePushService();
  await pushService.start();
  pushService.answerDelayMs = PUSH_SERVICE_DELAY_MS;
  // Decrypting here would spend this process's CPU while it times the answers.
  pushService.decrypt = false;
  const server = new ServerProcess({ PUSH_SERVICE_ORIGINS: pushService.origin, PUSH_ALLOW_PRIVATE: '1' });
  try {
    await server.start();
    const sender = await account(server.url, 'pushsender');
    const quiet = await account(server.url, 'quiet');
    const busy = await account(server.url, 'busy');
    for (let device = 0; device < DEVICES; device += 1) {
      const response = await fetch(`${server.url}/api/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${busy.token}` },
        body: JSON.stringify(pushService.subscription()),
      });
      if (response.status !== 201) throw new Error(`subscribe answered ${response.status}`);
    }
    // Warm-up: first requests pay JIT and connection setup for both cases alike.
    await answerTimes(server.url, sender.token, quiet.id);

    const reference = summarize(await answerTimes(server.url, sender.token, quiet.id));
    const started = performance.now();
    const withPush = summarize(await answerTimes(server.url, sender.token, busy.id));
    const pushes = PUSH_MESSAGES * DEVICES;
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (pushService.count < pushes) {
      if (Date.now() > deadline) throw new Error(`only ${pushService.count} of ${pushes} pushes arrived`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { reference, withPush, pushes, drainMs: performance.now() - started };
  } finally {
    await server.dispose();
    await pushService.stop();
  }
}
