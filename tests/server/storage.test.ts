/** The embedded database in DATA_DIR: one server per folder, and data that survives restarts and kill -9. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DataDirLockedError, LOCK_FILE_NAME, acquireDataDirLock } from '../../server/db/lock';
import { openEmbedded } from '../../server/db/open';
import { users } from '../../server/db/schema';
import { tempDir, unique } from './helpers';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Starts `node --import tsx server/main.ts` and resolves with its URL once it listens (or its output if it exits). */
function startMain(dataDir: string): Promise<{ child: ChildProcess; url?: string; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1], output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => resolve({ child, output }));
  });
}

const json = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('DATA_DIR lock', () => {
  it('refuses a second lock with a clear message, and allows it again after release', () => {
    const dir = dataDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`Another PodTable server (pid ${process.pid}) is using DATA_DIR ${dir}`);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = dataDir();
    const child = spawn(process.execPath, ['-e', '']);
    await exited(child);
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${child.pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.path, 'utf8').split(' ')[0]!.trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse after a reboot)', () => {
    const dir = dataDir();
    // pid 1 is alive, but it did not start at clock tick 1.
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), '1 1\n');
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.path, 'utf8').startsWith(`${process.pid}`)).toBe(true);
    lock.release();
  });

  it('refuses a lock held by another live process, then takes it over after that process is killed with -9', async () => {
    const dir = dataDir();
    const holder = spawn(process.execPath, [
      '--import',
      'tsx',
      '-e',
      `import('./server/db/lock.ts').then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); })`,
    ]);
    children.push(holder);
    await new Promise<void>((resolve) => holder.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve()));
    expect(() => acquireDataDirLock(dir)).toThrow(`Another PodTable server (pid ${holder.pid}) is using DATA_DIR ${dir}`);
    holder.kill('SIGKILL');
    await exited(holder);
    const lock = acquireDataDirLock(dir);
    lock.release();
  });
  it('takes over a lock whose holder was killed with -9 but not yet reaped (a zombie)', async () => {
    const dir = dataDir();
    const script = `import('./server/db/lock.ts').then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000); })`;
    // `exec sleep` replaces the shell, so the holder's parent never reaps it: after kill -9 it stays a zombie.
    const shell = spawn('sh', ['-c', `"$0" --import tsx -e "$1" & echo "pid $!"; exec sleep 60`, process.execPath, script]);
    children.push(shell);
    let out = '';
    await new Promise<void>((resolve) =>
      shell.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('locked')) resolve();
      }),
    );
    const pid = Number(/pid (\d+)/.exec(out)![1]);
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${pid})`);
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')); i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
    acquireDataDirLock(dir).release();
  });
});

describe('persistence', () => {
  it('rows written to a folder survive closing and reopening it', async () => {
    const dir = dataDir();
    const username = unique('keep');
    const first = await openEmbedded(dir);
    await first.db.insert(users).values({ username, email: `${username}@example.com`, passwordHash: 'x' });
    await first.close();
    const second = await openEmbedded(dir);
    try {
      const rows = await second.db.select().from(users).where(eq(users.username, username));
      expect(rows).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('the real server: a second one on the same DATA_DIR refuses; after kill -9 a restart keeps the data; SIGTERM releases the lock', async () => {
    const dir = dataDir();
    const first = await startMain(dir);
    expect(first.url, first.output).toBeDefined();
    const username = unique('kill');
    const password = 'survives kill -9';
    expect((await json(`${first.url}/api/users`, { email: `${username}@example.com`, username, password })).status).toBe(202);

    const second = await startMain(dir);
    expect(second.url).toBeUndefined();
    expect((await exited(second.child)).code).toBe(1);
    expect(second.output).toContain(`Another PodTable server (pid ${first.child.pid}) is using DATA_DIR ${dir}`);

    first.child.kill('SIGKILL');
    await exited(first.child);
    const third = await startMain(dir);
    expect(third.url, third.output).toBeDefined();
    const login = await json(`${third.url}/api/users/login`, { username, password });
    expect(login.status).toBe(200);

    third.child.kill('SIGTERM');
    expect((await exited(third.child)).code).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });
});
