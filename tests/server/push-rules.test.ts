/** The push pieces that need no server: which endpoints are accepted, who a push is for, what it says, and the work queue's bounds. */
import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../src/contract/live';
import { PushText } from '../../src/contract/push';
import { endpointProblem } from '../../server/push/endpoints';
import { audienceFor, payloadFor, PushCopy } from '../../server/push/notifications';
import { createWorkQueue } from '../../server/push/queue';

describe('endpointProblem', () => {
  const offline = async (hostname: string) => {
    throw new Error(`no network for ${hostname}`);
  };

  it("by default accepts the browsers' push services only, over https, without resolving them", async () => {
    const defaults = { origins: null, allowPrivate: false };
    expect(await endpointProblem('https://fcm.googleapis.com/fcm/send/abc', defaults, offline)).toBeNull();
    expect(await endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', defaults, offline)).toBeNull();
    expect(await endpointProblem('http://fcm.googleapis.com/fcm/send/abc', defaults, offline)).toBe(PushText.endpointNotHttps);
    for (const internal of ['https://127.0.0.1/x', 'https://[::1]/x', 'https://10.0.0.8/x', 'https://localhost/x', 'https://db.internal/x', 'https://printer.local/x', 'https://intranet/x', 'https://push.example.com/x']) {
      expect(await endpointProblem(internal, defaults, offline), internal).toBe(PushText.endpointRefused);
    }
    expect(await endpointProblem('not a url', defaults, offline)).toBe(PushText.endpointNotHttps);
  });

  it('with PUSH_SERVICE_ORIGINS (and PUSH_ALLOW_PRIVATE for a loopback one) accepts exactly those origins', async () => {
    const rules = { origins: ['http://127.0.0.1:9000'], allowPrivate: true };
    expect(await endpointProblem('http://127.0.0.1:9000/push/1', rules, offline)).toBeNull();
    expect(await endpointProblem('http://127.0.0.1:9001/push/1', rules, offline)).toBe(PushText.endpointRefused);
    expect(await endpointProblem('https://fcm.googleapis.com/fcm/send/abc', rules, offline)).toBe(PushText.endpointRefused);
  });
});

describe('audienceFor and payloadFor', () => {
  const podMessage = (senderId: string): ServerEvent => ({
    type: 'POD_MESSAGE_NEW',
    podId: 'pod-1',
    payload: { id: 'm1', clientId: null, podId: 'pod-1', content: 'gg   all', createdAt: new Date(0).toISOString(), sender: { id: senderId, username: 'ann', displayName: null } },
  });

  it('is everyone the event reached but the actor, and nobody for events that are never pushed', () => {
    expect(audienceFor(['ann', 'bo', 'cy'], podMessage('ann'))).toEqual({ kind: 'podMessages', recipients: ['bo', 'cy'], podId: 'pod-1' });
    // The sender alone in the pod: no push, and no lookup is queued for it.
    expect(audienceFor(['ann'], podMessage('ann'))).toBeNull();
    expect(audienceFor(['ann'], { type: 'PONG' })).toBeNull();
  });

  it("pushes a pod invitation to its invitee only, though the pod's members hear of it live", () => {
    const person = (id: string) => ({ id, username: id, displayName: null, avatarUrl: null });
    const invitation: ServerEvent = {
      type: 'POD_INVITATION',
      payload: { invitationId: 'i1', pod: { id: 'pod-1', name: 'Pod' }, invitedBy: person('bo'), invitee: person('dee'), createdAt: new Date(0).toISOString() },
    };
    expect(audienceFor(['dee', 'bo', 'ann', 'cy'], invitation)).toEqual({ kind: 'podInvites', recipients: ['dee'] });
    // Published to members only (a joiner told of the pod's pending invitations): nobody is pushed.
    expect(audienceFor(['cy'], invitation)).toBeNull();
  });

  it("asks for the pod's name only when building the payload, and falls back when the pod is gone", async () => {
    const asked: string[] = [];
    const lookups = (name: string | null) => ({ podName: async (podId: string) => (asked.push(podId), name) });
    expect(await payloadFor(podMessage('ann'), lookups('Friday Pod'))).toEqual({ kind: 'podMessages', title: 'Friday Pod', body: 'ann: gg all', url: '/pods?tab=pods&pod=pod-1', tag: 'pod:pod-1' });
    expect((await payloadFor(podMessage('ann'), lookups(null)))?.title).toBe(PushCopy.unknownPod);
    expect(asked).toEqual(['pod-1', 'pod-1']);
    expect(await payloadFor({ type: 'PONG' }, lookups('x'))).toBeNull();
  });
});

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks at once and drops the oldest waiting task past the backlog', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    let dropped = 0;
    const releases: Array<() => void> = [];
    const queue = createWorkQueue({ concurrency: 2, maxPending: 3, onError: () => undefined, onDrop: () => (dropped += 1) });
    for (let index = 0; index < 6; index += 1) {
      queue.push(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        done.push(index);
      });
    }
    // 2 running, 4 waiting > 3: task 2 (the oldest waiting) was dropped.
    expect(dropped).toBe(1);
    while (queue.pending > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await queue.idle();
    expect(most).toBe(2);
    expect(done.sort()).toEqual([0, 1, 3, 4, 5]);
  });

  it('runs at most `perKeyConcurrency` tasks of one key, and starts other keys meanwhile', async () => {
    const releases = new Map<string, Array<() => void>>();
    const started: string[] = [];
    const queue = createWorkQueue({ concurrency: 4, perKeyConcurrency: 2, maxPending: 100, onError: () => undefined, onDrop: () => undefined });
    const task = (key: string, index: number) => async () => {
      started.push(`${key}${index}`);
      await new Promise<void>((resolve) => releases.set(key, [...(releases.get(key) ?? []), resolve]));
    };
    for (let index = 0; index < 5; index += 1) queue.push(task('slow', index), 'slow');
    queue.push(task('fast', 0), 'fast');
    queue.push(task('free', 0));
    // 2 of the slow key, then the others; the slow key's other 3 wait though 4 slots exist.
    expect(started).toEqual(['slow0', 'slow1', 'fast0', 'free0']);
    releases.get('slow')!.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['slow0', 'slow1', 'fast0', 'free0', 'slow2']);
    expect(queue.pending).toBe(6);
  });

  it('reports a failing task and goes on', async () => {
    const errors: unknown[] = [];
    const queue = createWorkQueue({ concurrency: 1, maxPending: 10, onError: (error) => errors.push(error), onDrop: () => undefined });
    let ran = false;
    queue.push(async () => {
      throw new Error('push service down');
    });
    queue.push(async () => {
      ran = true;
    });
    await queue.idle();
    expect(ran).toBe(true);
    expect(errors.map((error) => (error as Error).message)).toEqual(['push service down']);
  });
});

describe('createVapidAuthorizer', () => {
  it('signs once per push service origin and signs again when the token is within an hour of expiring', async () => {
    const { default: webpush } = await import('web-push');
    const { createVapidAuthorizer } = await import('../../server/push/send');
    let now = 1_000_000;
    const authorize = createVapidAuthorizer({ vapid: webpush.generateVAPIDKeys(), subject: 'mailto:ops@podtable.example' }, () => now);
    const first = authorize('https://fcm.googleapis.com');
    expect(first).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(authorize('https://fcm.googleapis.com')).toBe(first);
    const other = authorize('https://updates.push.services.mozilla.com');
    expect(other).not.toBe(first);
    const claims = (header: string) => JSON.parse(Buffer.from(header.split('.')[1]!, 'base64url').toString()) as { aud: string; exp: number };
    expect(claims(other).aud).toBe('https://updates.push.services.mozilla.com');
    expect(claims(first).exp).toBe(now + 12 * 60 * 60);
    now += 11 * 60 * 60 - 1;
    expect(authorize('https://fcm.googleapis.com')).toBe(first);
    now += 2;
    expect(authorize('https://fcm.googleapis.com')).not.toBe(first);
  });
});
