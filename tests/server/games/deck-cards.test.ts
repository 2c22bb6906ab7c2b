/** Decks' card lists (deck import): stored, validated, and kept by a PUT that does not carry them. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK_CARDS_MAX, DeckText, type Deck } from '../../../src/contract/decks';
import { startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const CARDS = [
  { quantity: 1, name: 'Sol Ring' },
  { quantity: 30, name: 'Swamp' },
];

describe('deck card lists', () => {
  it('stores the list of a created deck (names trimmed) and answers it on every read', async () => {
    const { token } = await server.newUser('cards');
    const id = randomUUID();
    const created = await server.request<Deck>('POST', '/api/decks', {
      token,
      body: { id, name: 'Rats', commander: "K'rrik, Son of Yawgmoth", cards: [{ quantity: 1, name: '  Sol Ring ' }, CARDS[1]] },
    });
    expect(created.status).toBe(201);
    expect(created.body.cards).toEqual(CARDS);
    expect((await server.request<Deck>('GET', `/api/decks/${id}`, { token })).body.cards).toEqual(CARDS);
    expect((await server.request<Deck[]>('GET', '/api/decks', { token })).body[0]!.cards).toEqual(CARDS);
  });

  it('a PUT without cards (the deck form) keeps the list; a PUT with cards replaces it', async () => {
    const { token } = await server.newUser('keep');
    const id = randomUUID();
    await server.request('POST', '/api/decks', { token, body: { id, name: 'Keep', cards: CARDS } });
    const edited = await server.request<Deck>('PUT', `/api/decks/${id}`, { token, body: { name: 'Kept', commander: 'Atraxa' } });
    expect(edited.status).toBe(200);
    expect(edited.body.cards).toEqual(CARDS);
    const replaced = await server.request<Deck>('PUT', `/api/decks/${id}`, { token, body: { name: 'Kept', cards: [] } });
    expect(replaced.body.cards).toEqual([]);
  });

  it('refuses bad card lists with the contract message and stores nothing', async () => {
    const { token } = await server.newUser('bad');
    const cases: Array<[unknown, string]> = [
      [[{ quantity: 0, name: 'Sol Ring' }], DeckText.badQuantity],
      [[{ quantity: 1.5, name: 'Sol Ring' }], DeckText.badQuantity],
      [[{ quantity: 1, name: '   ' }], DeckText.cardNameRequired],
      [[{ quantity: 1, name: 'x'.repeat(201) }], DeckText.commanderTooLong],
      [Array.from({ length: DECK_CARDS_MAX + 1 }, (_, index) => ({ quantity: 1, name: `Card ${index}` })), DeckText.tooManyCards],
      ['Sol Ring', 'cards: Invalid input: expected array, received string'],
    ];
    for (const [cards, message] of cases) {
      const answer = await server.request<{ message: string }>('POST', '/api/decks', { token, body: { name: 'Bad', cards } });
      expect(answer.status, JSON.stringify(cards).slice(0, 60)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect((await server.request<Deck[]>('GET', '/api/decks', { token })).body).toEqual([]);
  });
});
