/**
 * The flooding user of bench/flood-ws.ts, in a process of its own (its busy loop must not slow
 * the measuring process). Reads one JSON line of settings on stdin, prints READY, then until the
 * deadline sends PINGs on one socket as fast as the socket drains, and opens a new socket at
 * once whenever the server closes it. Prints one JSON line of counts.
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

interface Settings {
  wsUrl: string;
  token: string;
  ip: string;
  durationMs: number;
}

/** Frames queued in the client before it waits for its socket to drain. */
const HIGH_WATER_BYTES = 1024 * 1024;
/** PINGs sent per turn of the event loop (then the socket gets to write and read). */
const PER_TURN = 200;
const PING = JSON.stringify({ type: 'PING' });

const lines = createInterface({ input: process.stdin });
const settings = await new Promise<Settings>((resolve) => lines.once('line', (line) => resolve(JSON.parse(line) as Settings)));
console.log('READY');
await new Promise<void>((resolve) => lines.once('line', () => resolve()));

const counts = { pings: 0, pongs: 0, sockets: 0, closes: {} as Record<string, number> };
const until = Date.now() + settings.durationMs;
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function floodOneSocket(): Promise<void> {
  const socket = new WebSocket(`${settings.wsUrl}/ws?token=${settings.token}`, { headers: { 'x-forwarded-for': settings.ip } });
  counts.sockets += 1;
  socket.on('message', () => void (counts.pongs += 1));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.once('close', (code) => {
      counts.closes[code] = (counts.closes[code] ?? 0) + 1;
      resolve();
    }),
  );
  await new Promise<void>((resolve) => {
    socket.once('open', () => resolve());
    void closed.then(resolve);
  });
  while (socket.readyState === WebSocket.OPEN && Date.now() < until) {
    for (let i = 0; i < PER_TURN && socket.readyState === WebSocket.OPEN && socket.bufferedAmount < HIGH_WATER_BYTES; i += 1) {
      socket.send(PING);
      counts.pings += 1;
    }
    // A full socket waits for the network like any client's (a spin here would only take the server's CPU on a shared machine).
    if (socket.bufferedAmount >= HIGH_WATER_BYTES) await new Promise((resolve) => setTimeout(resolve, 1));
    else await turn();
  }
  if (socket.readyState === WebSocket.OPEN) socket.close(1000);
  await closed;
}

while (Date.now() < until) await floodOneSocket();
console.log(JSON.stringify(counts));
lines.close();
