/**
 * /api/cards against the local fake Scryfall (tests/server/card-service.ts): the query sent
 * upstream, headers, the 24 h cache, request spacing, and 502 when the service fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardSummary } from '../../../src/contract/cards';
import { CACHE_TTL_MS, CardServiceUnavailable, REQUEST_SPACING_MS, createCardService } from '../../../server/cards/service';
import { startCardService, type FakeCardService } from '../card-service';
import { startServer, type TestServer } from '../helpers';

let fake: FakeCardService;
let server: TestServer;
let token: string;
beforeAll(async () => {
  fake = await startCardService();
  server = await startServer({ config: { cardApiUrl: fake.url, appUrl: 'https://podtable.example' } });
  token = (await server.newUser('card')).token;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const search = (query: string) => server.request<CardSummary[] & { message?: string }>('GET', `/api/cards/commanders?${query}`, { token });
const UNAVAILABLE = { message: 'The card service is unavailable right now.' };
/** The card service's own limit: 2 requests a second. */
const UPSTREAM_MIN_GAP_MS = 500;

describe('GET /api/cards/commanders', () => {
  it('asks for commanders by name with our User-Agent and maps the list', async () => {
    const before = fake.requests.length;
    const answer = await search('q=atra');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { name: "Atraxa, Praetors' Voice", typeLine: 'Legendary Creature — Phyrexian Angel Horror', imageUrl: 'https://cards.example/small/atraxa.jpg' },
    ]);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/cards/search');
    expect(sent[0]!.query.get('q')).toBe('is:commander name:"atra"');
    expect(sent[0]!.query.get('order')).toBe('name');
    expect(sent[0]!.headers['user-agent']).toBe('PodTable/0.8 (+https://podtable.example)');
    expect(sent[0]!.headers.accept).toBe('application/json');
  });

  it('partner search asks for partners and backgrounds; quotes in the query cannot break out', async () => {
    const answer = await search(`q=${encodeURIComponent('e"')}&partner=true`);
    expect(answer.status).toBe(200);
    expect(answer.body.map((card) => card.name)).toEqual(['Candlekeep Sage', 'Pir, Imaginative Rascal', 'Thrasios, Triton Hero', 'Tymna the Weaver']);
    expect(fake.requests.at(-1)!.query.get('q')).toBe('(keyword:partner or keyword:"partner with" or keyword:"friends forever" or t:background) name:"e"');
  });

  it('takes the image of the front face of a double-faced card, and answers at most 20', async () => {
    expect((await search('q=esika')).body).toEqual([
      { name: 'Esika, God of the Tree // The Prismatic Bridge', typeLine: 'Legendary Creature — God // Legendary Enchantment', imageUrl: 'https://cards.example/small/esika.jpg' },
    ]);
    const many = await search('q=horde');
    expect(many.body).toHaveLength(20);
    expect(many.body[0]!.name).toBe('Horde Captain 01');
  });

  it("caches answers (no match included) for 24 h: a second identical call does not reach the service", async () => {
    const first = await search('q=nobody%20at%20all');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    const count = fake.requests.length;
    expect((await search('q=nobody%20at%20all')).body).toEqual([]);
    expect((await search('q=atra')).body).toHaveLength(1);
    expect(fake.requests.length).toBe(count);

    server.advanceClock(CACHE_TTL_MS + 1000);
    try {
      expect((await search('q=atra')).body).toHaveLength(1);
      expect(fake.requests.length).toBe(count + 1);
    } finally {
      server.advanceClock(-(CACHE_TTL_MS + 1000));
    }
  });

  it(`spaces requests to the service at least ${REQUEST_SPACING_MS} ms apart (under 2/s)`, async () => {
    const before = fake.requests.length;
    const answers = await Promise.all(['q=tymna', 'q=thras', 'q=pir'].map(search));
    expect(answers.map((a) => a.body[0]?.name)).toEqual(['Tymna the Weaver', 'Thrasios, Triton Hero', 'Pir, Imaginative Rascal']);
    expect(fake.requests.slice(before)).toHaveLength(3);

    // The spacing is between the moments requests leave (the fake's arrival times add this
    // process's own scheduling delays): measured where the service calls fetch.
    const departures: number[] = [];
    const client = createCardService({
      baseUrl: fake.url,
      userAgent: 'PodTable/test',
      fetch: (input, init) => {
        departures.push(Date.now());
        return fetch(input, init);
      },
    });
    const found = await Promise.all(['tymna', 'thras', 'pir', 'atra'].map((name) => client.searchCommanders(name, false)));
    expect(found.map((cards) => cards[0]?.name)).toEqual(['Tymna the Weaver', 'Thrasios, Triton Hero', 'Pir, Imaginative Rascal', "Atraxa, Praetors' Voice"]);
    expect(departures).toHaveLength(4);
    // The service spaces its own departure stamps REQUEST_SPACING_MS apart; this fetch stamps a
    // moment later, and a busy machine can pause several milliseconds between the two.
    // The service's limit is 2/s: the 50 ms over 500 are the margin for exactly such jitter.
    for (let i = 1; i < departures.length; i += 1) expect(departures[i]! - departures[i - 1]!).toBeGreaterThanOrEqual(UPSTREAM_MIN_GAP_MS);
  });

  it('answers 502 when the service fails, and does not cache the failure', async () => {
    fake.mode = 'fail';
    try {
      const failed = await search('q=zur');
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual(UNAVAILABLE);
    } finally {
      fake.mode = 'ok';
    }
    expect((await search('q=zur')).body).toEqual([]);
    expect(server.logText()).toContain('card service failed');
  });

  it('validates the query (400) and requires a login (401)', async () => {
    for (const [query, message] of [
      ['q=a', 'Type at least 2 characters.'],
      ['', 'q: Invalid input: expected string, received undefined'],
      ['q=ab&partner=maybe', 'Invalid option: expected one of "true"|"false"'],
      [`q=${'x'.repeat(101)}`, 'Too big: expected string to have <=100 characters'],
      ['q=ab&q=cd', 'q: Invalid input: expected string, received array'],
    ]) {
      const answer = await search(query!);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual({ message });
    }
    // Nothing left to search for once quotes are dropped: no upstream call.
    const count = fake.requests.length;
    expect((await search(`q=${encodeURIComponent('""')}`)).body).toEqual([]);
    expect(fake.requests.length).toBe(count);
    expect((await server.request('GET', '/api/cards/commanders?q=atra')).status).toBe(401);
    expect((await server.request('GET', '/api/cards/named?exact=Atraxa')).status).toBe(401);
  });
});

describe('GET /api/cards/named', () => {
  it('finds a card by exact name, else 404', async () => {
    const found = await server.request<CardSummary>('GET', `/api/cards/named?exact=${encodeURIComponent('Tymna the Weaver')}`, { token });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ name: 'Tymna the Weaver', typeLine: 'Legendary Creature — Human Cleric', imageUrl: 'https://cards.example/small/tymna.jpg' });
    expect(fake.requests.at(-1)!.path).toBe('/cards/named');
    expect(fake.requests.at(-1)!.query.get('exact')).toBe('Tymna the Weaver');
    const missing = await server.request('GET', '/api/cards/named?exact=No%20Such%20Card', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Card not found.' });
    expect((await server.request('GET', '/api/cards/named', { token })).status).toBe(400);
  });
});

describe('the card service client', () => {
  it('gives up after its timeout when the service does not answer', async () => {
    const hanging = await startCardServiceInMode('hang');
    try {
      const client = createCardService({ baseUrl: hanging.url, userAgent: 'PodTable/test', timeoutMs: 200, spacingMs: 0 });
      const started = performance.now();
      await expect(client.searchCommanders('atra', false)).rejects.toBeInstanceOf(CardServiceUnavailable);
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      await hanging.close();
    }
  });

  it('treats a malformed answer and a service that is down as unavailable', async () => {
    const closed = await startCardService();
    await closed.close();
    const garbage = await startCardServiceInMode('garbage');
    try {
      const client = createCardService({ baseUrl: garbage.url, userAgent: 'PodTable/test', spacingMs: 0 });
      await expect(client.searchCommanders('atra', false)).rejects.toBeInstanceOf(CardServiceUnavailable);
      await expect(client.named('Atraxa')).rejects.toBeInstanceOf(CardServiceUnavailable);
      const down = createCardService({ baseUrl: closed.url, userAgent: 'PodTable/test', spacingMs: 0 });
      await expect(down.searchCommanders('atra', false)).rejects.toBeInstanceOf(CardServiceUnavailable);
    } finally {
      await garbage.close();
    }
  });
});

async function startCardServiceInMode(mode: FakeCardService['mode']): Promise<FakeCardService> {
  const service = await startCardService();
  service.mode = mode;
  return service;
}
