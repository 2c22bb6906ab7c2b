/**
 * A real PodTable server on 127.0.0.1:<random port> for each test file: buildApp over a fresh
 * database (db.ts), a temporary DATA_DIR (mail outbox), a movable clock and captured logs.
 * Requests go over loopback with fetch; sockets with ws.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { LimitBackend, LimitOverrides } from '../../server/limits';
import { loadConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/open';
import { createLocalTransport } from '../../server/live/transport';
import { createMailer, type Mailer } from '../../server/mail';
import type { LoginResponse, User } from '../../src/contract/users';
import { createTestDatabase } from './db';
import { dropPrefix, testPrefix } from './redis';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as it is (no JSON encoding); set a content-type header yourself. */
  raw?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

export interface StartOptions {
  staticDir?: string;
  rateLimits?: LimitOverrides;
  /** Where rate-limit counters live (default: memory on PGlite, the test database's pool on PostgreSQL). */
  limitBackend?: LimitBackend;
  /** Reuse a database (restart tests); otherwise a fresh one, closed with the server. */
  database?: Database;
  dataDir?: string;
  config?: Partial<Config>;
  mailer?: Mailer;
  /** Extra routes (test-only) registered before the server listens. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** A bus shared with another test server (two "processes" in one test). */
  liveTransport?: BuildAppOptions['liveTransport'];
  hub?: BuildAppOptions['hub'];
}

export interface TestServer {
  url: string;
  wsUrl: string;
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  outboxDir: string;
  /** Moves the server's clock (tokens and reset links expire by it). */
  advanceClock(ms: number): void;
  /** Every log line so far, as written. */
  logText(): string;
  request<T = unknown>(method: string, urlPath: string, options?: RequestOptions): Promise<Answer<T>>;
  register(prefix?: string): Promise<{ user: User; username: string; email: string; password: string }>;
  login(username: string, password: string): Promise<LoginResponse>;
  /** Registers and logs in a new user. */
  newUser(prefix?: string): Promise<{ user: User; token: string; username: string; email: string; password: string }>;
  /** .eml files in the outbox, oldest first. */
  mails(): string[];
  waitForMail(match: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export function unique(prefix = 'u'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export function tempDir(prefix = 'podtable-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? tempDir();
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', PORT: '0', STATIC_DIR: options.staticDir ?? path.join(dataDir, 'no-dist') }),
    // Each test server has its own Redis keys unless the test shares a prefix on purpose.
    redisPrefix: testPrefix(),
    ...options.config,
  };
  const lines: string[] = [];
  let offsetMs = 0;
  // The mailer logs through the app, which is built after it.
  const late: { app?: FastifyInstance } = {};
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: undefined, dataDir, from: config.mailFrom, log: { info: (obj, msg) => late.app?.log.info(obj, msg) } });
  const appOptions: BuildAppOptions = {
    db: database.db,
    database,
    config,
    mailer,
    now: () => new Date(Date.now() + offsetMs),
    // Every test file registers many users from 127.0.0.1: write limits are scaled far up unless a test sets its own.
    rateLimits: { scale: 1000, ...options.rateLimits },
    limitBackend: options.limitBackend,
    liveTransport: options.liveTransport,
    hub: options.hub,
    logStream: { write: (line: string) => void lines.push(line) },
    maintenance: false,
  };
  const app = await buildApp(appOptions);
  late.app = app;
  await options.setup?.(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = address.replace('localhost', '127.0.0.1');
  const outboxDir = path.join(dataDir, 'outbox');

  const server: TestServer = {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    app,
    database,
    dataDir,
    outboxDir,
    advanceClock(ms) {
      offsetMs += ms;
    },
    logText: () => lines.join(''),
    async request<T>(method: string, urlPath: string, requestOptions: RequestOptions = {}): Promise<Answer<T>> {
      const headers: Record<string, string> = { ...requestOptions.headers };
      if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
      let body: BodyInit | undefined = requestOptions.raw;
      if (requestOptions.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(requestOptions.body);
      }
      const response = await fetch(url + urlPath, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed as T, text };
    },
    async register(prefix = 'u') {
      const username = unique(prefix);
      const email = `${username}@example.com`;
      const password = `pw-${randomBytes(6).toString('hex')}`;
      const answer = await server.request('POST', '/api/users', { body: { email, username, password } });
      if (answer.status !== 202) throw new Error(`register failed: ${answer.status} ${answer.text}`);
      // Register answers a neutral message (no enumeration); the account comes with the first login.
      const { user } = await server.login(username, password);
      return { user, username, email, password };
    },
    async login(username, password) {
      const answer = await server.request<LoginResponse>('POST', '/api/users/login', { body: { username, password } });
      if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.text}`);
      return answer.body;
    },
    async newUser(prefix) {
      const registered = await server.register(prefix);
      const { token } = await server.login(registered.username, registered.password);
      return { ...registered, token };
    },
    mails() {
      if (!fs.existsSync(outboxDir)) return [];
      return fs
        .readdirSync(outboxDir)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => fs.readFileSync(path.join(outboxDir, name), 'utf8'));
    },
    async waitForMail(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = server.mails().find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching mail in the outbox');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      if (config.redisUrl && !options.config?.redisPrefix) await dropPrefix(config.redisPrefix);
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The link in a mail body (quoted-printable soft line breaks undone). */
export function linkIn(mail: string): string {
  const unfolded = mail.replace(/=\r?\n/g, '');
  const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(unfolded)?.[0];
  if (!link) throw new Error('no reset link in the mail');
  return link;
}

export interface SocketResult {
  socket: WebSocket;
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message matching `match`. */
  next(match: (message: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
}

/** Opens a socket and resolves once it is open (or closed right away). */
export function openSocket(url: string): Promise<SocketResult> {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    try {
      messages.push(JSON.parse(data.toString()));
    } catch {
      messages.push(data.toString());
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const result: SocketResult = {
    socket,
    messages,
    closed,
    async next(match, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found !== undefined) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching live message; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(result));
    socket.once('close', () => resolve(result));
    socket.once('error', reject);
  });
}

/** Two servers on one database and one in-process bus: two server processes, in one test file. */
export interface TwoProcesses {
  database: Database;
  a: TestServer;
  b: TestServer;
}

/** Starts them before the file's tests and closes them after (vitest's beforeAll/afterAll); read the fields inside tests. */
export function useTwoProcesses(): TwoProcesses {
  const two = {} as TwoProcesses;
  beforeAll(async () => {
    two.database = await createTestDatabase();
    const bus = createLocalTransport();
    two.a = await startServer({ database: two.database, liveTransport: bus });
    two.b = await startServer({ database: two.database, liveTransport: bus });
  });
  afterAll(async () => {
    await two.a?.close();
    await two.b?.close();
    await two.database?.close();
  });
  return two;
}
