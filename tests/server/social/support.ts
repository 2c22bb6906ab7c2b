/** Shared by the social tests: people, pods built through the API, sockets and "nothing more arrived". */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Pod, PodInvitation } from '../../../src/contract/social';
import { IDEMPOTENCY_KEY_HEADER } from '../../../src/contract/limits';
import type { User } from '../../../src/contract/users';
import { openSocket, type SocketResult, type TestServer } from '../helpers';

export interface Person {
  user: User;
  token: string;
}

export async function people(server: TestServer, count: number, prefix = 'p'): Promise<Person[]> {
  return Promise.all(Array.from({ length: count }, () => server.newUser(prefix).then(({ user, token }) => ({ user, token }))));
}

export const keyed = (key: string = randomUUID()) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** A pod owned by `owner` with `members` joined through invite + accept. */
export async function makePod(server: TestServer, owner: Person, members: Person[] = [], name = 'Friday pod'): Promise<Pod> {
  const created = await server.request<Pod>('POST', '/api/pods', { token: owner.token, body: { name } });
  expect(created.status).toBe(201);
  let pod = created.body;
  for (const member of members) {
    const invite = await server.request<PodInvitation>('POST', `/api/pods/${pod.id}/invite`, { token: owner.token, body: { userId: member.user.id } });
    expect(invite.status).toBe(201);
    const accepted = await server.request<Pod>('POST', `/api/pods/invitations/${invite.body.invitationId}/accept`, { token: member.token });
    expect(accepted.status).toBe(200);
    pod = accepted.body;
  }
  return pod;
}

export const ofType = (type: string) => (message: unknown) => (message as { type?: string }).type === type;

export async function connect(server: TestServer, person: Person): Promise<SocketResult> {
  const socket = await openSocket(`${server.wsUrl}/ws?token=${person.token}`);
  expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  return socket;
}

/**
 * Waits for a PONG to a fresh PING: every frame the server queued for this socket before it
 * read the PING has arrived by then, so "nothing else came" can be asserted.
 */
export async function settle(socket: SocketResult): Promise<void> {
  const pongs = () => socket.messages.filter(ofType('PONG')).length;
  const before = pongs();
  socket.socket.send(JSON.stringify({ type: 'PING' }));
  const deadline = Date.now() + 3000;
  while (pongs() <= before) {
    if (Date.now() > deadline) throw new Error('no PONG');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The messages of a type that arrived so far, PONGs left out, without the change-log fields
 * (`pos`, `mid`): these tests are about payloads and audiences; tests/server/sync asserts positions.
 */
export function received(socket: SocketResult, type?: string): unknown[] {
  return socket.messages
    .filter((message) => !ofType('PONG')(message) && (type === undefined || ofType(type)(message)))
    .map((message) => withoutLogFields(message));
}

export function withoutLogFields(message: unknown): unknown {
  if (!message || typeof message !== 'object') return message;
  const { pos: _pos, mid: _mid, ...rest } = message as Record<string, unknown>;
  return rest;
}

export function closeAll(...sockets: SocketResult[]): void {
  for (const socket of sockets) socket.socket.close(1000);
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The next message matching `match`, without the change-log fields (see `received`). */
export async function nextEvent(socket: SocketResult, match: (message: unknown) => boolean, timeoutMs?: number): Promise<unknown> {
  return withoutLogFields(await socket.next((message) => match(withoutLogFields(message)), timeoutMs));
}
