/**
 * A real PodTable server (server/main.ts) in a child process on 127.0.0.1, serving the built
 * app from dist/, with its own DATA_DIR. `stop()` ends it (and with it every keep-alive socket);
 * `kill()` SIGKILLs it (a crash: no shutdown code runs, a transaction in flight is cut);
 * `start()` again on the same port and DATA_DIR models a server outage and restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Generous: a start takes 2 s on a quiet machine and has taken over 45 s on a busy one. */
const START_LIMIT_MS = 180_000;

async function freePort(): Promise<number> {
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

export class ServerProcess {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'podtable-e2e-'));

  port = 0;

  /**
   * `env` overrides the defaults below (the benchmarks run on PostgreSQL, at LOG_LEVEL=info, with
   * RATE_LIMIT_SCALE; e2e tests point at a local card or push service or a copy of the built app with
   * STATIC_DIR). By default the write limits are scaled ×20: every account of a spec file signs
   * up from 127.0.0.1, past the 10 sign-ups an hour one address gets.
   */
  constructor(private readonly env: NodeJS.ProcessEnv = {}) {}
  private child: ChildProcess | undefined;
  private log = '';

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    this.log = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, APP_URL: this.url, DATABASE_URL: '', SMTP_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '20', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.child = child;
    const deadline = Date.now() + START_LIMIT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${this.log}`);
      try {
        const response = await fetch(`${this.url}/api/users/me`);
        if (response.status === 401) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server did not start in ${START_LIMIT_MS / 1000} s:\n${this.log}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    this.child = undefined;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The mails the server wrote to DATA_DIR/outbox (no SMTP_URL), newest last. */
  mails(): string[] {
    const dir = join(this.dataDir, 'outbox');
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.eml')).sort();
    } catch {
      return [];
    }
    return names.map((name) => readFileSync(join(dir, name), 'utf8'));
  }
}
