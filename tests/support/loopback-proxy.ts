/**
 * A TCP proxy on 127.0.0.1 between a client and a server, for tests and benchmarks:
 * - `delayMs` holds every chunk that long in each direction (a round trip costs 2 × delayMs),
 *   to measure what latency does to a protocol;
 * - `cut()` drops every connection and stops listening: the network is really gone (the browser,
 *   its service worker and Node all see refused connections, unlike Chromium's offline
 *   emulation); `restore()` listens again on the same port;
 * - `onClientData` sees every chunk a client sends, as it arrives (before any delay): a test
 *   times when a request first reaches the server side after `restore()`.
 */
import net from 'node:net';

export interface LoopbackProxy {
  readonly port: number;
  readonly url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export interface LoopbackProxyOptions {
  targetPort: number;
  delayMs?: number;
  port?: number;
  onClientData?: (chunk: Buffer) => void;
}

export async function startLoopbackProxy(options: LoopbackProxyOptions): Promise<LoopbackProxy> {
  const delay = options.delayMs ?? 0;
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = options.port ?? 0;

  const pipe = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (delay === 0) to.write(chunk);
      else setTimeout(() => to.writable && to.write(chunk), delay);
    });
    from.on('end', () => setTimeout(() => to.end(), delay));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), delay));
  };

  async function listen(): Promise<void> {
    server = net.createServer((client) => {
      const upstream = net.connect(options.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      }
      client.setNoDelay(true);
      upstream.setNoDelay(true);
      if (options.onClientData) client.on('data', options.onClientData);
      pipe(client, upstream);
      pipe(upstream, client);
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as net.AddressInfo).port;
  }

  async function stop(): Promise<void> {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    cut: stop,
    restore: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
