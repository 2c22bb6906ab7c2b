/**
 * The scale test's server processes: server/main.ts on one PostgreSQL (a fresh database,
 * dropped at the end) and one Redis (a fresh key prefix, deleted at the end), sharing the
 * live-ticket secret, as the deploy recipe runs them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { withDefaultUser } from '../../server/db/open';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function adminQuery(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: withDefaultUser(url) });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

export class Node {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'podtable-scale-'));
  private child: ChildProcess | undefined;
  log = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, APP_URL: this.url, SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}:\n${this.log}`);
      try {
        if ((await fetch(`${this.url}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${this.name} not ready in 90 s:\n${this.log}`);
  }

  kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    return exited;
  }

  async dispose(): Promise<void> {
    const stopping = this.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 15_000);
    await stopping;
    clearTimeout(timer);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export interface Services {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  cleanup(): Promise<void>;
}

export async function freshServices(postgresUrl: string, redisUrl: string): Promise<Services> {
  const name = `podtable_scale_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgresUrl, `CREATE DATABASE ${name}`);
  const url = new URL(withDefaultUser(postgresUrl));
  url.pathname = `/${name}`;
  const redisPrefix = `podtable-scale-${randomBytes(4).toString('hex')}:`;
  return {
    databaseUrl: url.toString(),
    redisUrl,
    redisPrefix,
    async cleanup() {
      await adminQuery(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}
