/**
 * A stand-in push service for tests, on 127.0.0.1:<random port>: it accepts push messages
 * (RFC 8030) like a browser vendor's service would, checks the VAPID token (RFC 8292, ES256),
 * and decrypts the payload with the subscription's private keys (RFC 8291, aes128gcm) using
 * only node:crypto, so the test sees exactly what the browser would decrypt.
 *
 * Each subscription it hands out is a fresh P-256 key pair and auth secret, with an endpoint
 * `/push/<id>`; `answerWith(id, status)` makes it answer e.g. 410 Gone for one of them.
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  headers: http.IncomingHttpHeaders;
  /** The decrypted payload, as text. */
  text: string;
  /** The VAPID public key (`k=`) the server signed with; the JWT was verified against it. */
  vapidKey: string;
  /** The JWT's claims (aud, exp, sub). */
  claims: { aud: string; exp: number; sub: string };
}

interface KeyPair {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record (push payloads fit in one). */
export function decryptAes128gcm(body: Buffer, keys: KeyPair): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');

  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const prkKey = hmac(keys.auth, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, serverPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The plaintext ends with a delimiter (2 = last record) and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` and returns the key and the claims. */
function verifyVapid(header: string | undefined): { vapidKey: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  return { vapidKey: key, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
}

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly errors: string[] = [];
  private readonly keys = new Map<string, KeyPair>();
  private readonly answers = new Map<string, number>();
  private readonly holding = new Set<string>();
  private readonly held: Array<() => void> = [];
  private readonly listeners: Array<(push: ReceivedPush) => void> = [];
  private server: http.Server | undefined;
  origin = '';
  /** How long every answer waits: a slow push service (benchmarks). */
  answerDelayMs = 0;
  /** false: count pushes without checking or decrypting them (benchmarks keep their CPU). */
  decrypt = true;
  /** Every push request answered, decrypted or not. */
  count = 0;

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = /^\/push\/([^/?]+)$/.exec(request.url ?? '')?.[1];
        const keys = id ? this.keys.get(id) : undefined;
        if (!id || !keys) {
          response.writeHead(404).end();
          return;
        }
        const status = this.answers.get(id) ?? 201;
        this.count += 1;
        if (!this.decrypt) {
          setTimeout(() => response.writeHead(status).end(), this.answerDelayMs);
          return;
        }
        try {
          const { vapidKey, claims } = verifyVapid(request.headers.authorization);
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          const text = decryptAes128gcm(Buffer.concat(chunks), keys).toString('utf8');
          const push: ReceivedPush = { subscriptionId: id, headers: request.headers, text, vapidKey, claims };
          if (status < 300) {
            this.received.push(push);
            for (const listener of this.listeners) listener(push);
          }
        } catch (error) {
          this.errors.push((error as Error).message);
          response.writeHead(400).end();
          return;
        }
        if (this.holding.has(id)) this.held.push(() => response.writeHead(status).end());
        else if (this.answerDelayMs > 0) setTimeout(() => response.writeHead(status).end(), this.answerDelayMs);
        else response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscription (keys as PushSubscription.toJSON() gives them). */
  subscription(): FakeSubscription {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const publicKey = ecdh.getPublicKey();
    const auth = randomBytes(16);
    this.keys.set(id, { ecdh, publicKey, auth });
    return { id, endpoint: `${this.origin}/push/${id}`, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } };
  }

  answerWith(subscriptionId: string, status: number): void {
    this.answers.set(subscriptionId, status);
  }

  /** Pushes to this subscription are read but not answered until `release()`: a slow push service. */
  hold(subscriptionId: string): void {
    this.holding.add(subscriptionId);
  }

  get heldCount(): number {
    return this.held.length;
  }

  release(): void {
    this.holding.clear();
    for (const answer of this.held.splice(0)) answer();
  }

  onPush(listener: (push: ReceivedPush) => void): void {
    this.listeners.push(listener);
  }

  /** Resolves with the first push (received so far or later) that matches. */
  async next(match: (push: ReceivedPush) => boolean, timeoutMs = 10_000): Promise<ReceivedPush> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching push; got ${JSON.stringify(this.received.map((push) => push.text))}; errors ${JSON.stringify(this.errors)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
