/**
 * Push notifications end to end on the server: a real server sends to a stand-in push service
 * on loopback (push-service.ts), which verifies the VAPID token and decrypts each message with
 * the subscription's keys, so these tests read what a browser would show.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationLinks, PushText, type NotificationSettings, type PushPayload } from '../../src/contract/push';
import { pushSubscriptions } from '../../server/db/schema';
import { PushCopy } from '../../server/push/notifications';
import { PUSH_TTL_SECONDS } from '../../server/push/send';
import { createTestDatabase } from './db';
import { startServer, type TestServer } from './helpers';
import { FakePushService, type FakeSubscription } from './push-service';
import { makePod, people, waitFor, type Person } from './social/support';

let server: TestServer;
const pushService = new FakePushService();

beforeAll(async () => {
  await pushService.start();
  server = await startServer({ config: { pushServiceOrigins: [pushService.origin], pushAllowPrivate: true } });
});
afterAll(async () => {
  await server?.close();
  await pushService.stop();
});

async function subscribe(person: Person): Promise<FakeSubscription> {
  const subscription = pushService.subscription();
  const answer = await server.request('POST', '/api/push/subscriptions', { token: person.token, body: { ...subscription, expirationTime: null } });
  expect(answer.status).toBe(201);
  return subscription;
}

const payloadOf = (text: string) => JSON.parse(text) as PushPayload;
const pushesFor = (subscription: FakeSubscription) => pushService.received.filter((push) => push.subscriptionId === subscription.id).map((push) => payloadOf(push.text));

describe('VAPID keys', () => {
  it('are made once and kept in the database: a second server on the same data signs with the same key', async () => {
    const database = await createTestDatabase();
    const first = await startServer({ database });
    const { token } = await first.newUser('vapid');
    const key = (await first.request<{ publicKey: string }>('GET', '/api/push/public-key', { token })).body.publicKey;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    await first.close();
    const second = await startServer({ database });
    const { token: other } = await second.newUser('vapid');
    expect((await second.request<{ publicKey: string }>('GET', '/api/push/public-key', { token: other })).body.publicKey).toBe(key);
    await second.close();
    await database.close();
  });

  it('need a signed-in user', async () => {
    expect((await server.request('GET', '/api/push/public-key')).status).toBe(401);
    expect((await server.request('POST', '/api/push/subscriptions', { body: pushService.subscription() })).status).toBe(401);
    expect((await server.request('GET', '/api/push/settings')).status).toBe(401);
  });
});

describe('delivery', () => {
  it('a direct message is pushed, encrypted for the receiver, to every device of the receiver and none of the sender', async () => {
    const [ana, ben] = await people(server, 2, 'dm');
    const anaPhone = await subscribe(ana!);
    const benPhone = await subscribe(ben!);
    const benLaptop = await subscribe(ben!);
    const key = (await server.request<{ publicKey: string }>('GET', '/api/push/public-key', { token: ben!.token })).body.publicKey;

    const sent = await server.request('POST', '/api/direct-messages/send', { token: ana!.token, body: { receiverId: ben!.user.id, content: 'Game   on Friday?' } });
    expect(sent.status).toBe(201);

    const push = await pushService.next((candidate) => candidate.subscriptionId === benPhone.id);
    expect(payloadOf(push.text)).toEqual({
      kind: 'directMessages',
      title: ana!.user.username,
      body: 'Game on Friday?',
      url: notificationLinks.directMessage(ana!.user.id),
      tag: `dm:${ana!.user.id}`,
    });
    expect(push.vapidKey).toBe(key);
    expect(push.claims.aud).toBe(pushService.origin);
    expect(push.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(push.headers.urgency).toBe('high');
    await pushService.next((candidate) => candidate.subscriptionId === benLaptop.id);
    expect(pushesFor(anaPhone)).toEqual([]);
    expect(pushService.errors).toEqual([]);
  });

  it('a pod message goes to the members who did not mute the pod, titled with the pod', async () => {
    const [owner, ben, cat] = await people(server, 3, 'pod');
    const pod = await makePod(server, owner!, [ben!, cat!], 'Friday Night Magic');
    const benPhone = await subscribe(ben!);
    const catPhone = await subscribe(cat!);
    const ownerPhone = await subscribe(owner!);
    const muted = await server.request<NotificationSettings>('PUT', `/api/push/muted-pods/${pod.id}`, { token: cat!.token });
    expect(muted.status).toBe(200);
    expect(muted.body.mutedPodIds).toEqual([pod.id]);

    expect((await server.request('POST', `/api/pods/${pod.id}/messages`, { token: owner!.token, body: { content: 'Bring your decks' } })).status).toBe(201);
    // Sent after the message: once Ben's friend request arrives, the pod message's job is done.
    expect((await server.request('POST', '/api/friends/send-request', { token: owner!.token, body: { addresseeId: cat!.user.id } })).status).toBe(201);
    const push = await pushService.next((candidate) => candidate.subscriptionId === benPhone.id);
    expect(payloadOf(push.text)).toEqual({
      kind: 'podMessages',
      title: 'Friday Night Magic',
      body: `${owner!.user.username}: Bring your decks`,
      url: notificationLinks.pod(pod.id),
      tag: `pod:${pod.id}`,
    });
    expect(push.headers.urgency).toBe('normal');
    await pushService.next((candidate) => candidate.subscriptionId === catPhone.id);
    expect(pushesFor(catPhone).map((payload) => payload.kind)).toEqual(['friendRequests']);
    expect(pushesFor(ownerPhone)).toEqual([]);

    // Unmuted, Cat hears of the next one.
    expect((await server.request<NotificationSettings>('DELETE', `/api/push/muted-pods/${pod.id}`, { token: cat!.token })).body.mutedPodIds).toEqual([]);
    await server.request('POST', `/api/pods/${pod.id}/messages`, { token: ben!.token, body: { content: 'Sure' } });
    await waitFor(() => pushesFor(catPhone).some((payload) => payload.kind === 'podMessages'));
  });

  it('friend requests and pod invitations reach the addressee and the invitee, not the actor', async () => {
    const [ana, ben] = await people(server, 2, 'inv');
    const anaPhone = await subscribe(ana!);
    const benPhone = await subscribe(ben!);
    await server.request('POST', '/api/friends/send-request', { token: ana!.token, body: { addresseeId: ben!.user.id } });
    const pod = await makePod(server, ana!, [], 'Cube night');
    await server.request('POST', `/api/pods/${pod.id}/invite`, { token: ana!.token, body: { userId: ben!.user.id } });

    await waitFor(() => pushesFor(benPhone).length === 2);
    expect(pushesFor(benPhone)).toEqual([
      expect.objectContaining({ kind: 'friendRequests', title: PushCopy.friendRequestTitle, body: PushCopy.friendRequestBody(ana!.user.username), url: notificationLinks.friendRequests }),
      expect.objectContaining({ kind: 'podInvites', title: PushCopy.podInviteTitle, body: PushCopy.podInviteBody(ana!.user.username, 'Cube night'), url: notificationLinks.invitations }),
    ]);
    expect(pushesFor(anaPhone)).toEqual([]);
  });

  it("a pod invitation reaches every member live but is pushed to the invitee only, never to the pod's other members", async () => {
    const [ana, ben, cat, dan] = await people(server, 4, 'pinv');
    const pod = await makePod(server, ana!, [ben!, cat!], 'Draft club');
    const [anaPhone, benPhone, catPhone, danPhone] = (await Promise.all([ana!, ben!, cat!, dan!].map(subscribe))) as [FakeSubscription, FakeSubscription, FakeSubscription, FakeSubscription];
    expect((await server.request('POST', `/api/pods/${pod.id}/invite`, { token: ben!.token, body: { userId: dan!.user.id } })).status).toBe(201);
    // Sent after the invitation: once these arrive, the invitation's jobs are done.
    for (const member of [ana!, cat!]) {
      expect((await server.request('POST', '/api/friends/send-request', { token: dan!.token, body: { addresseeId: member.user.id } })).status).toBe(201);
    }
    await waitFor(() => pushesFor(danPhone).length === 1 && pushesFor(anaPhone).length === 1 && pushesFor(catPhone).length === 1);
    expect(pushesFor(danPhone)).toEqual([expect.objectContaining({ kind: 'podInvites', body: PushCopy.podInviteBody(ben!.user.username, 'Draft club') })]);
    for (const phone of [anaPhone, catPhone]) expect(pushesFor(phone).map((payload) => payload.kind)).toEqual(['friendRequests']);
    expect(pushesFor(benPhone)).toEqual([]);
  });

  it('a kind turned off is not pushed; the others still are', async () => {
    const [ana, ben] = await people(server, 2, 'off');
    const benPhone = await subscribe(ben!);
    const settings = await server.request<NotificationSettings>('PUT', '/api/push/settings', { token: ben!.token, body: { directMessages: false } });
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, directMessages: false });

    await server.request('POST', '/api/direct-messages/send', { token: ana!.token, body: { receiverId: ben!.user.id, content: 'not pushed' } });
    await server.request('POST', '/api/friends/send-request', { token: ana!.token, body: { addresseeId: ben!.user.id } });
    await waitFor(() => pushesFor(benPhone).length > 0);
    expect(pushesFor(benPhone).map((payload) => payload.kind)).toEqual(['friendRequests']);
  });

  it('a subscription the push service answers 410 Gone for is deleted', async () => {
    const [ana, ben] = await people(server, 2, 'gone');
    const benPhone = await subscribe(ben!);
    pushService.answerWith(benPhone.id, 410);
    await server.request('POST', '/api/direct-messages/send', { token: ana!.token, body: { receiverId: ben!.user.id, content: 'hello?' } });
    const stored = () => server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, benPhone.endpoint));
    await waitFor(async () => (await stored()).length === 0);
  });

  it('sending does not hold up the request: the answer comes while the push service has not answered', async () => {
    const [ana, ben] = await people(server, 2, 'slow');
    const benPhone = await subscribe(ben!);
    pushService.hold(benPhone.id);
    const sent = await server.request('POST', '/api/direct-messages/send', { token: ana!.token, body: { receiverId: ben!.user.id, content: 'quick' } });
    expect(sent.status).toBe(201);
    await waitFor(() => pushService.heldCount === 1);
    expect(pushService.received.filter((push) => push.subscriptionId === benPhone.id)).toHaveLength(1);
    pushService.release();
  });
});

describe('subscriptions', () => {
  it('refuses endpoints outside the allowed push services and malformed keys, storing nothing', async () => {
    const [ana] = await people(server, 1, 'bad');
    const good = pushService.subscription();
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: 'https://evil.example/push' }, PushText.endpointRefused],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, PushText.badKey],
      [{ ...good, keys: { ...good.keys, auth: '!!!' } }, PushText.badKey],
      [{ endpoint: good.endpoint }, 'keys: Invalid input: expected object, received undefined'],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request<{ message: string }>('POST', '/api/push/subscriptions', { token: ana!.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ana!.user.id))).toEqual([]);
  });

  it('an endpoint registered by another account moves to it; the old account cannot delete it', async () => {
    const [ana, ben] = await people(server, 2, 'move');
    const device = pushService.subscription();
    await server.request('POST', '/api/push/subscriptions', { token: ana!.token, body: device });
    await server.request('POST', '/api/push/subscriptions', { token: ben!.token, body: device });
    expect((await server.request('DELETE', '/api/push/subscriptions', { token: ana!.token, body: { endpoint: device.endpoint } })).status).toBe(204);
    const rows = await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows.map((row) => row.userId)).toEqual([ben!.user.id]);
    expect((await server.request('DELETE', '/api/push/subscriptions', { token: ben!.token, body: { endpoint: device.endpoint } })).status).toBe(204);
    expect(await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
  });
});

describe('settings', () => {
  it('start with every kind on, change one kind at a time, and refuse what they do not know', async () => {
    const [ana] = await people(server, 1, 'set');
    expect((await server.request('GET', '/api/push/settings', { token: ana!.token })).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    await server.request('PUT', '/api/push/settings', { token: ana!.token, body: { gameInvites: false } });
    const both = await server.request('PUT', '/api/push/settings', { token: ana!.token, body: { podMessages: false } });
    expect(both.body).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, gameInvites: false, podMessages: false });

    const empty = await server.request<{ message: string }>('PUT', '/api/push/settings', { token: ana!.token, body: {} });
    expect([empty.status, empty.body.message]).toEqual([400, PushText.noKinds]);
    expect((await server.request('PUT', '/api/push/settings', { token: ana!.token, body: { everything: false } })).status).toBe(400);
    expect((await server.request('PUT', '/api/push/settings', { token: ana!.token, body: { podMessages: 'no' } })).status).toBe(400);
    expect((await server.request('GET', '/api/push/settings', { token: ana!.token })).body).toEqual(both.body);
  });

  it("muting a pod needs membership: someone else's pod and a malformed id answer 404", async () => {
    const [ana, ben] = await people(server, 2, 'mute');
    const pod = await makePod(server, ana!, [], 'Private');
    expect((await server.request('PUT', `/api/push/muted-pods/${pod.id}`, { token: ben!.token })).status).toBe(404);
    expect((await server.request('PUT', '/api/push/muted-pods/not-a-uuid', { token: ben!.token })).status).toBe(404);
    expect((await server.request('DELETE', '/api/push/muted-pods/not-a-uuid', { token: ben!.token })).status).toBe(404);
    expect((await server.request<NotificationSettings>('GET', '/api/push/settings', { token: ben!.token })).body.mutedPodIds).toEqual([]);
  });
});
