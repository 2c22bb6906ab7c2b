/**
 * The flooding user of bench/flood.ts, in a process of its own (as an attacker would be: its
 * busy loop must not slow the measuring process's own event loop). Reads one JSON line of
 * settings on stdin, prints READY, floods until the deadline, prints one JSON line of counts.
 */
import { createInterface } from 'node:readline';

interface Settings {
  baseUrl: string;
  token: string;
  ip: string;
  receiverId: string;
  connections: number;
  durationMs: number;
}

const lines = createInterface({ input: process.stdin });
const settings = await new Promise<Settings>((resolve) => lines.once('line', (line) => resolve(JSON.parse(line) as Settings)));
console.log('READY');
await new Promise<void>((resolve) => lines.once('line', () => resolve()));

const counts = { sent: 0, accepted: 0, refused: 0 };
const until = Date.now() + settings.durationMs;
await Promise.all(
  Array.from({ length: settings.connections }, async () => {
    while (Date.now() < until) {
      const answer = await fetch(`${settings.baseUrl}/api/direct-messages/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}`, 'x-forwarded-for': settings.ip },
        body: JSON.stringify({ receiverId: settings.receiverId, content: 'flood' }),
      });
      await answer.arrayBuffer();
      counts.sent += 1;
      if (answer.status === 201) counts.accepted += 1;
      else if (answer.status === 429) counts.refused += 1;
    }
  }),
);
console.log(JSON.stringify(counts));
lines.close();
