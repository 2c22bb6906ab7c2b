/**
 * The reference for the fan-out benchmark, run as its own process like the PodTable server:
 * POST /send broadcasts the body to every connected socket as one Buffer (a binary frame;
 * `?text=1`: a text frame, as PodTable sends). Prints its port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

const http = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const frame = Buffer.from(body);
    const options = { binary: !request.url?.includes('text=1') };
    for (const client of wss.clients) client.send(frame, options);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const wss = new WebSocketServer({ server: http });
http.listen(0, '127.0.0.1', () => console.log(`PORT ${(http.address() as AddressInfo).port}`));
