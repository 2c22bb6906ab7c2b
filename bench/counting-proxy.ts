/**
 * A loopback HTTP proxy in front of the PodTable server that counts the bytes of every answer
 * as they cross the wire (compressed bodies stay compressed), page and service worker alike:
 * the browser sees one origin, so the service worker's precache fetches pass through it too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedAnswer {
  path: string;
  status: number;
  encoding: string | undefined;
  /** Body bytes as sent (after Content-Encoding). */
  bytes: number;
}

export class CountingProxy {
  readonly answers: ProxiedAnswer[] = [];
  private server: http.Server | undefined;
  private readonly target: URL;

  constructor(targetUrl: string) {
    this.target = new URL(targetUrl);
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    return `http://127.0.0.1:${address?.port ?? 0}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const upstream = http.request(
        { host: this.target.hostname, port: this.target.port, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
          answer.on('end', () => {
            const encoding = answer.headers['content-encoding'];
            this.answers.push({ path: (request.url ?? '').split('?')[0] ?? '', status: answer.statusCode ?? 0, encoding, bytes });
          });
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  /** Forgets what was counted so far. */
  reset(): void {
    this.answers.length = 0;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
