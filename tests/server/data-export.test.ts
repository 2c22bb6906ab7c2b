/**
 * "Download my data": GET /api/users/me/export (one JSON attachment) and
 * GET /api/users/me/export/games.csv. Only the caller's own data, nothing another user keeps
 * private, under a budget of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '../../src/contract/account-data';
import { RECENT_EVENTS_MAX, type Game, type GameEvent } from '../../src/contract/game';
import type { FriendRequest, Friendship } from '../../src/contract/social';
import { csvCell } from '../../server/users/games-csv';
import { startServer, type TestServer } from './helpers';
import { gameBody, increment } from './games/support';
import { makePod, type Person } from './social/support';

let server: TestServer;
type Someone = Person & { email: string; username: string };
let ana: Someone;
let bo: Someone;
let cy: Someone;
let di: Someone;

async function friends(a: Person, b: Person): Promise<void> {
  const request = await server.request<FriendRequest>('POST', '/api/friends/send-request', { token: a.token, body: { addresseeId: b.user.id } });
  await server.request<Friendship>('PUT', `/api/friends/${request.body.friendshipId}/accept`, { token: b.token, body: { status: 'ACCEPTED' } });
}

const dm = async (from: Person, to: Person, content: string) => {
  const sent = await server.request('POST', '/api/direct-messages/send', { token: from.token, body: { receiverId: to.user.id, content } });
  expect(sent.status).toBe(201);
};

beforeAll(async () => {
  // Limits as in production (scale 1): the export budget is under test.
  server = await startServer({ rateLimits: { scale: 1 } });
  [ana, bo, cy, di] = (await Promise.all(['exa', 'exb', 'exc', 'exd'].map((prefix) => server.newUser(prefix)))) as unknown as [Someone, Someone, Someone, Someone];
  await friends(ana, bo);
  await friends(bo, cy);
  await dm(ana, bo, 'ana to bo: friday?');
  await dm(bo, ana, 'bo to ana: yes');
  await dm(bo, cy, 'bo to cy: secret between us');
  await dm(cy, di, 'cy to di: nobody else');
  const pod = await makePod(server, ana, [bo], 'Pod "one", the first');
  expect((await server.request('POST', `/api/pods/${pod.id}/messages`, { token: bo.token, body: { content: 'pod hello' } })).status).toBe(201);
  await makePod(server, cy, [di], 'Other pod');
  const game = await server.request<Game>('POST', '/api/games', {
    token: ana.token,
    body: gameBody([{ user: ana.user }, { user: bo.user }, { guest: '=HYPERLINK("http://evil")', email: 'guest.secret@guests.example' }], { podId: pod.id }),
  });
  expect(game.status).toBe(201);
  // More events than a game keeps: the export carries the whole story.
  for (let tap = 0; tap < RECENT_EVENTS_MAX + 3; tap += 1) {
    expect((await server.request('POST', `/api/games/${game.body.id}/increments`, { token: ana.token, body: increment(1, -1) })).status).toBe(200);
  }
  expect((await server.request('POST', '/api/blocks', { token: ana.token, body: { userId: di.user.id } })).status).toBe(201);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('GET /api/users/me/export', () => {
  it('is one JSON attachment with the listed parts, and nothing private of anyone else', async () => {
    const answer = await server.request<AccountExport>('GET', '/api/users/me/export', { token: ana.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    const date = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get('content-disposition')).toContain(`attachment; filename="podtable-export-${ana.username}-${date}.json"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = accountExportSchema.parse(answer.body);
    expect(data.profile).toMatchObject({ id: ana.user.id, username: ana.username, email: ana.email });
    expect(data.friends).toEqual([expect.objectContaining({ friend: expect.objectContaining({ id: bo.user.id }) })]);
    expect(data.blockedUsers).toEqual([expect.objectContaining({ userId: di.user.id })]);
    expect((data.directMessages as Array<{ content: string }>).map((m) => m.content)).toEqual(['ana to bo: friday?', 'bo to ana: yes']);
    const pods = data.pods as Array<{ name: string; messages: Array<{ content: string }> }>;
    expect(pods.map((p) => [p.name, p.messages.map((m) => m.content)])).toEqual([['Pod "one", the first', ['pod hello']]]);
    const games = data.games as Array<Game & { story: GameEvent[] }>;
    expect(games).toHaveLength(1);
    expect(games[0]!.events).toHaveLength(RECENT_EVENTS_MAX);
    // The whole story, oldest first: every tap, the latest of them the game's own log.
    expect(games[0]!.story).toHaveLength(RECENT_EVENTS_MAX + 3);
    expect(games[0]!.story.every((event) => event.kind === 'counter' && event.delta === -1)).toBe(true);
    expect(games[0]!.story.slice(-RECENT_EVENTS_MAX).map((event) => event.id)).toEqual(games[0]!.events.map((event) => event.id).reverse());

    // Nothing of other people's private data: their e-mails, a guest's address, others' messages and pods.
    for (const secret of [bo.email, cy.email, di.email, 'guest.secret', 'g•••', 'secret between us', 'nobody else', 'Other pod']) {
      expect(answer.text).not.toContain(secret);
    }
  });

  it('is not public, and only ever the caller’s own', async () => {
    expect((await server.request('GET', '/api/users/me/export')).status).toBe(401);
    expect((await server.request('GET', '/api/users/me/export/games.csv')).status).toBe(401);
    const theirs = await server.request<AccountExport>('GET', '/api/users/me/export', { token: di.token });
    expect(theirs.body.profile.id).toBe(di.user.id);
    expect(theirs.text).not.toContain(ana.email);
    expect(theirs.text).not.toContain('friday');
    // Being blocked is not the blocked user's data to see.
    expect(theirs.body.blockedUsers).toEqual([]);
    expect(theirs.text).not.toContain(ana.user.id);
  });
});

describe('GET /api/users/me/export/games.csv', () => {
  it('one row per game, escaped, with formulas neutralised', async () => {
    const answer = await server.request('GET', '/api/users/me/export/games.csv', { token: bo.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="podtable-games-/);
    const lines = answer.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,ended,pod,players,my seat,result,winner,turns,status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Pod ""one"", the first"');
    expect(lines[1]).toContain(`"1: ${ana.user.displayName ?? ana.username}; 2: ${bo.user.displayName ?? bo.username}; 3: =HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(',2,in progress,,1,ACTIVE');
    expect(answer.text).not.toContain('guest.secret');
  });

  it('csvCell: quotes, commas, line breaks and leading formula characters', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});

describe('the export budget', () => {
  it('5 downloads an hour per user (the JSON and the CSV together), then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (const path of ['/api/users/me/export', '/api/users/me/export/games.csv', '/api/users/me/export', '/api/users/me/export', '/api/users/me/export']) {
      statuses.push((await server.request('GET', path, { token: cy.token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const over = await server.request<{ message: string }>('GET', '/api/users/me/export', { token: cy.token });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    expect(over.body.message).toBeTruthy();
  });
});
