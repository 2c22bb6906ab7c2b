/**
 * The reference for the REST benchmark, run as its own process like the PodTable server: a
 * bare node:http server that answers each recorded request with the exact bytes PodTable
 * answered (status, content type, body), after reading the request body. Reads the
 * recordings as JSON from argv[2]; prints its port.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  /** Matched by path without the query. */
  path: string;
  status: number;
  contentType: string;
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Recorded[];
const answers = new Map(recorded.map((r) => [`${r.method} ${r.path}`, { ...r, bytes: Buffer.from(r.body) }]));

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const answer = answers.get(`${request.method} ${(request.url ?? '').split('?')[0]}`);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.bytes.length }).end(answer.bytes);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
