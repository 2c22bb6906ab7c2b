/** Shared by the sync protocol tests: push and pull as the app speaks them. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MutationInput, MutationName } from '../../../src/contract/mutations';
import { PROTOCOL_HEADER, PROTOCOL_VERSION, type PullResponse, type PushResponse, type SnapshotPart } from '../../../src/contract/sync';
import type { TestServer } from '../helpers';

export const APP_PROTOCOL = { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) };

export interface Mutation {
  id: string;
  name: MutationName;
  args: unknown;
}

export function mutation<N extends MutationName>(name: N, args: MutationInput<N>, id: string = randomUUID()): Mutation {
  return { id, name, args };
}

export async function push(server: TestServer, token: string, mutations: Mutation[], cursor?: number | null): Promise<PushResponse> {
  const answer = await server.request<PushResponse>('POST', '/api/sync/push', { token, headers: APP_PROTOCOL, body: { mutations, cursor } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

export async function pull(server: TestServer, token: string, cursor?: number, snapshot?: SnapshotPart): Promise<PullResponse> {
  const query = new URLSearchParams({ ...(cursor === undefined ? {} : { cursor: String(cursor) }), ...(snapshot ? { snapshot } : {}) }).toString();
  const answer = await server.request<PullResponse>('GET', `/api/sync/pull${query ? `?${query}` : ''}`, { token, headers: APP_PROTOCOL });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** Pulls until nothing more waits; returns the last answer and every page. */
export async function pullAll(server: TestServer, token: string, cursor: number): Promise<PullResponse[]> {
  const pages: PullResponse[] = [];
  for (let at = cursor; ; ) {
    const page = await pull(server, token, at);
    pages.push(page);
    at = page.cursor;
    if (!page.more) return pages;
  }
}
