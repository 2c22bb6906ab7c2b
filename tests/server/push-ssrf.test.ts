/**
 * The server POSTs to whatever endpoint a subscription names, so which endpoints it accepts
 * and where its sockets may connect is a security boundary: only the browsers' push services
 * by default, a configured list otherwise (its names resolved and checked, the checked address
 * used for the connection), and one slow push service cannot hold every send slot.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { PushText } from '../../src/contract/push';
import { ConfigError, loadConfig } from '../../server/config';
import { pushSubscriptions } from '../../server/db/schema';
import { guardedLookup, isPublicAddress, type Resolve } from '../../server/push/addresses';
import { endpointProblem } from '../../server/push/endpoints';
import { createVapidAuthorizer, PUSH_TIMEOUT_MS, sendPush, type SendOptions } from '../../server/push/send';
import { startServer, type TestServer } from './helpers';
import { FakePushService, type FakeSubscription } from './push-service';
import { people, waitFor, type Person } from './social/support';

const keys = new FakePushService().subscription().keys;
const fcmEndpoint = 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH';

/** A resolver that answers from a table; unknown names fail like getaddrinfo's ENOTFOUND. */
function resolverOf(table: Record<string, string[]>, calls: string[] = []): Resolve {
  return async (hostname) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
const noResolving: Resolve = async (hostname) => {
  throw new Error(`must not resolve ${hostname}`);
};

describe('subscribing with the default push services (PUSH_SERVICE_ORIGINS unset)', () => {
  let server: TestServer;
  let ana: Person;
  beforeAll(async () => {
    server = await startServer();
    [ana] = (await people(server, 1, 'ssrf')) as [Person];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses endpoints that are not a browser push service with 400 and a message, storing nothing', async () => {
    const refused = [
      'https://127.0.0.1.nip.io:8443/x',
      'https://localhost./x',
      'https://metadata.google.internal./x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/x',
      'https://user@fcm.googleapis.com/x',
      'https://fcm.googleapis.com./x',
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/x',
    ];
    for (const endpoint of refused) {
      const answer = await server.request<{ message: string }>('POST', '/api/push/subscriptions', { token: ana.token, body: { endpoint, keys } });
      expect([answer.status, answer.body.message], endpoint).toEqual([400, endpoint.startsWith('http:') ? PushText.endpointNotHttps : PushText.endpointRefused]);
    }
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.user.id))).toEqual([]);
  });

  it("accepts the browsers' push services' endpoints", async () => {
    const accepted = [
      fcmEndpoint,
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABmExample',
      'https://web.push.apple.com/QGuQyavXutnMH6jDk4DnTpEXample',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAABexample',
    ];
    for (const endpoint of accepted) {
      const answer = await server.request('POST', '/api/push/subscriptions', { token: ana.token, body: { endpoint, keys } });
      expect(answer.status, endpoint).toBe(201);
    }
    const stored = await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana.user.id));
    expect(stored.map((row) => row.endpoint).sort()).toEqual([...accepted].sort());
  });
});

describe('endpointProblem', () => {
  const defaults = { origins: null, allowPrivate: false };

  it('does not resolve the default push services (subscribing needs no network)', async () => {
    expect(await endpointProblem(fcmEndpoint, defaults, noResolving)).toBeNull();
    expect(await endpointProblem('https://fcm.googleapis.com:443/fcm/send/x', defaults, noResolving)).toBeNull();
    expect(await endpointProblem('not a url', defaults, noResolving)).toBe(PushText.endpointNotHttps);
  });

  it('with a configured list: only those origins, https on 443 by name, and the name must resolve to public addresses only', async () => {
    const rules = { origins: ['https://push.example.com', 'https://*.push.example.net', 'https://fcm.googleapis.com'], allowPrivate: false };
    const calls: string[] = [];
    const resolve = resolverOf(
      {
        'push.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
        'eu.push.example.net': ['10.1.2.3'],
        'us.push.example.net': ['93.184.216.34', '127.0.0.1'],
        'v6.push.example.net': ['::ffff:127.0.0.1'],
      },
      calls,
    );
    expect(await endpointProblem('https://push.example.com/p/1', rules, resolve)).toBeNull();
    expect(await endpointProblem('https://eu.push.example.net/p/1', rules, resolve)).toBe(PushText.endpointRefused);
    expect(await endpointProblem('https://us.push.example.net/p/1', rules, resolve)).toBe(PushText.endpointRefused);
    expect(await endpointProblem('https://v6.push.example.net/p/1', rules, resolve)).toBe(PushText.endpointRefused);
    expect(await endpointProblem('https://gone.push.example.net/p/1', rules, resolve)).toBe(PushText.endpointRefused);
    expect(calls).toEqual(['push.example.com', 'eu.push.example.net', 'us.push.example.net', 'v6.push.example.net', 'gone.push.example.net']);
    // Static refusals never reach the resolver; a built-in push service is not resolved either.
    calls.length = 0;
    for (const endpoint of ['https://push.example.com:8443/p', 'https://push.example.com./p', 'https://a@push.example.com/p', 'http://push.example.com/p', 'https://push.example.org/p']) {
      expect(await endpointProblem(endpoint, rules, resolve), endpoint).not.toBeNull();
    }
    expect(await endpointProblem(fcmEndpoint, rules, resolve)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('with PUSH_ALLOW_PRIVATE (tests): the configured loopback origin is accepted, nothing else', async () => {
    const rules = { origins: ['http://127.0.0.1:9000'], allowPrivate: true };
    expect(await endpointProblem('http://127.0.0.1:9000/push/1', rules, noResolving)).toBeNull();
    expect(await endpointProblem('http://127.0.0.1:9001/push/1', rules, noResolving)).toBe(PushText.endpointRefused);
    expect(await endpointProblem('http://user@127.0.0.1:9000/push/1', rules, noResolving)).toBe(PushText.endpointRefused);
    expect(await endpointProblem(fcmEndpoint, rules, noResolving)).toBe(PushText.endpointRefused);
  });
});

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified, documentation and IPv4-mapped addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '142.250.74.138', '2a00:1450:4001:82b::200a', '2606:4700::6810:84e5']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    const refused = [
      '127.0.0.1', '127.5.5.5', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
      '0.0.0.0', '224.0.0.1', '239.255.255.250', '255.255.255.255', '192.0.2.1', '198.18.0.1',
      '::', '::1', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2001:db8::1', '2002:a00:1::1',
      'not an address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('guardedLookup (the lookup of the sockets that send pushes)', () => {
  type Answer = { error: NodeJS.ErrnoException | null; address: unknown; family?: number };
  const lookupWith = (lookup: ReturnType<typeof guardedLookup>, hostname: string, all: boolean) =>
    new Promise<Answer>((resolve) => lookup(hostname, { all }, (error, address, family) => resolve({ error, address, family })));

  it('connects to the address it checked: a name rebound to a private address between two sends is refused at the second', async () => {
    let answers = [['93.184.216.34'], ['127.0.0.1']];
    const calls: string[] = [];
    const rebinding: Resolve = async (hostname) => {
      calls.push(hostname);
      const next = answers[0]!;
      answers = answers.slice(1);
      return next.map((address) => ({ address, family: 4 }));
    };
    const lookup = guardedLookup(rebinding);
    expect(await lookupWith(lookup, 'push.example.com', false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
    const second = await lookupWith(lookup, 'push.example.com', true);
    expect(second.error?.message).toMatch(/not a public address/);
    expect(calls).toEqual(['push.example.com', 'push.example.com']);
  });

  it('answers every checked address when asked for all (happy eyeballs)', async () => {
    const lookup = guardedLookup(resolverOf({ 'push.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] }));
    expect((await lookupWith(lookup, 'push.example.com', true)).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });
});

describe('sendPush', () => {
  const pushService = new FakePushService();
  beforeAll(() => pushService.start());
  afterAll(() => pushService.stop());
  const vapid = webpush.generateVAPIDKeys();
  const options = (extra: Pick<SendOptions, 'rules'> & Partial<SendOptions>) => ({
    vapid,
    subject: 'mailto:ops@podtable.example',
    authorize: createVapidAuthorizer({ vapid, subject: 'mailto:ops@podtable.example' }),
    ...extra,
  });
  const payload = { kind: 'directMessages' as const, title: 't', body: 'b', url: '/', tag: 'x' };

  it('resolves the endpoint through the guarded lookup and sends nothing to a private address', async () => {
    const calls: string[] = [];
    const result = await sendPush(
      { endpoint: 'https://push.example.com/p/1', ...keys },
      payload,
      options({ rules: { origins: ['https://push.example.com'], allowPrivate: false }, resolve: resolverOf({ 'push.example.com': ['127.0.0.1'] }, calls) }),
    );
    expect(result.outcome).toBe('failed');
    expect(calls).toEqual(['push.example.com']);
  });

  it('sends nothing to an endpoint the rules refuse (a row stored before the rules changed)', async () => {
    const subscription = pushService.subscription();
    const result = await sendPush({ endpoint: subscription.endpoint, ...subscription.keys }, payload, options({ rules: { origins: null, allowPrivate: false }, resolve: noResolving }));
    expect(result.outcome).toBe('refused');
    expect(pushService.count).toBe(0);
  });

  it('gives up on a push service that does not answer in time', async () => {
    const subscription = pushService.subscription();
    pushService.hold(subscription.id);
    const started = Date.now();
    const result = await sendPush({ endpoint: subscription.endpoint, ...subscription.keys }, payload, options({ rules: { origins: [pushService.origin], allowPrivate: true }, timeoutMs: 300 }));
    expect(result.outcome).toBe('failed');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(pushService.heldCount).toBe(1);
    pushService.release();
  });
});

describe('a push service that never answers', () => {
  const stuck = new FakePushService();
  const healthy = new FakePushService();
  let server: TestServer;
  beforeAll(async () => {
    await Promise.all([stuck.start(), healthy.start()]);
    server = await startServer({ config: { pushServiceOrigins: [stuck.origin, healthy.origin], pushAllowPrivate: true } });
  });
  afterAll(async () => {
    stuck.release();
    await server?.close();
    await Promise.all([stuck.stop(), healthy.stop()]);
  });

  async function subscribe(person: Person, service: FakePushService): Promise<FakeSubscription> {
    const subscription = service.subscription();
    const answer = await server.request('POST', '/api/push/subscriptions', { token: person.token, body: subscription });
    expect(answer.status).toBe(201);
    return subscription;
  }

  it('does not hold up pushes to another push service', async () => {
    const [ana, cat, ...stuckPeople] = (await people(server, 5, 'slow')) as [Person, Person, ...Person[]];
    // Between them more devices on the stuck service than there are send slots in all.
    for (const person of stuckPeople) for (let device = 0; device < 4; device += 1) stuck.hold((await subscribe(person, stuck)).id);
    const catPhone = await subscribe(cat, healthy);

    for (const person of stuckPeople) {
      expect((await server.request('POST', '/api/direct-messages/send', { token: ana.token, body: { receiverId: person.user.id, content: 'anyone?' } })).status).toBe(201);
    }
    await waitFor(() => stuck.heldCount >= 2);
    expect((await server.request('POST', '/api/direct-messages/send', { token: ana.token, body: { receiverId: cat.user.id, content: 'hi Cat' } })).status).toBe(201);
    // Before the stuck sends time out (PUSH_TIMEOUT_MS, 10 s): without a per-service limit they hold every slot until then.
    const push = await healthy.next((candidate) => candidate.subscriptionId === catPhone.id, PUSH_TIMEOUT_MS - 2000);
    expect(JSON.parse(push.text)).toMatchObject({ kind: 'directMessages', body: 'hi Cat' });
    // The stuck service never holds more than its share of the slots.
    expect(stuck.heldCount).toBeLessThanOrEqual(4);
  });
});

describe('configuration', () => {
  it('PUSH_SERVICE_ORIGINS may name a loopback or plain-http push service only with PUSH_ALLOW_PRIVATE=1', () => {
    expect(loadConfig({}).pushServiceOrigins).toBeNull();
    expect(loadConfig({}).pushAllowPrivate).toBe(false);
    expect(loadConfig({ PUSH_SERVICE_ORIGINS: 'https://push.example.com, https://*.push.example.net' }).pushServiceOrigins).toEqual(['https://push.example.com', 'https://*.push.example.net']);
    for (const origin of ['http://127.0.0.1:9999', 'https://10.0.0.1', 'https://push.example.com:8443', 'https://localhost']) {
      expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: origin }), origin).toThrow(ConfigError);
      expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: origin }), origin).toThrow(/PUSH_ALLOW_PRIVATE=1/);
    }
    const testing = loadConfig({ PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:9999', PUSH_ALLOW_PRIVATE: '1' });
    expect([testing.pushServiceOrigins, testing.pushAllowPrivate]).toEqual([['http://127.0.0.1:9999'], true]);
  });
});
