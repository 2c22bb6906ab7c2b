/**
 * The reference for the REST benchmark, run as its own process like the PodTable server: a
 * bare node:http server that answers each recorded request with the exact bytes PodTable
 * answered (status, content type, body), after reading the request body. Reads the
 * recordings as JSON from argv[2]; prints its port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadRecorded, recordedKey } from './recorded';

const answers = loadRecorded(process.argv[2]!);

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const answer = answers.get(recordedKey(request.method, request.url));
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.bytes.length }).end(answer.bytes);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
