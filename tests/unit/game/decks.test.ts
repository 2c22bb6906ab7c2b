import { describe, expect, it } from 'vitest';
import { commanderLabel, deckInputBody, deckSchema, isHttpUrl } from '../../../src/contract/decks';
import { uid } from './helpers';

const messages = (value: unknown) => deckInputBody.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('deckInputBody', () => {
  it('normalises a minimal deck', () => {
    expect(deckInputBody.parse({ name: '  Golgari Graveyard  ' })).toEqual({
      name: 'Golgari Graveyard',
      description: null,
      commander: null,
      hasPartner: false,
      partnerCommander: null,
      externalLinks: [],
    });
  });

  it('keeps a full deck, with the client-chosen id', () => {
    const deck = {
      id: uid(1),
      name: 'Blitz',
      description: 'Partners go fast.',
      commander: 'Tymna the Weaver',
      hasPartner: true,
      partnerCommander: 'Thrasios, Triton Hero',
      externalLinks: ['https://moxfield.com/decks/abc'],
    };
    expect(deckInputBody.parse(deck)).toEqual(deck);
  });

  it('requires a name', () => {
    expect(messages({})).toEqual(['Deck name is required.']);
    expect(messages({ name: '   ' })).toEqual(['Deck name is required.']);
    expect(messages({ name: 'x'.repeat(81) })).toEqual(['Deck name can be at most 80 characters.']);
    expect(messages({ name: 'x'.repeat(80) })).toEqual([]);
  });

  it('drops blank links and trims the others', () => {
    const parsed = deckInputBody.parse({
      name: 'Links',
      externalLinks: ['', '   ', ' https://moxfield.com/decks/abc ', 'http://archidekt.com/decks/1'],
    });
    expect(parsed.externalLinks).toEqual(['https://moxfield.com/decks/abc', 'http://archidekt.com/decks/1']);
  });

  it('accepts only http(s) links', () => {
    for (const link of ['moxfield.com/decks/abc', 'javascript:alert(1)', 'ftp://example.com/deck', 'https://']) {
      expect(messages({ name: 'Bad', externalLinks: [link] }), link).toEqual(['Links must start with http:// or https://.']);
    }
    expect(isHttpUrl('HTTPS://Example.com/Deck')).toBe(true);
  });

  it('allows at most 10 links, counted after blanks are dropped', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `https://example.com/${i}`);
    expect(messages({ name: 'Ten', externalLinks: [...ten, '', ' '] })).toEqual([]);
    expect(messages({ name: 'Eleven', externalLinks: [...ten, 'https://example.com/10'] })).toEqual([
      'A deck can have at most 10 links.',
    ]);
  });

  it('limits description and commander lengths and turns blanks into null', () => {
    expect(messages({ name: 'D', description: 'x'.repeat(2001) })).toEqual(['Description can be at most 2000 characters.']);
    expect(messages({ name: 'C', commander: 'x'.repeat(201) })).toEqual(['Commander names can be at most 200 characters.']);
    expect(deckInputBody.parse({ name: 'B', description: '  ', commander: ' ' })).toMatchObject({ description: null, commander: null });
  });

  it('drops the partner of a deck without one', () => {
    expect(deckInputBody.parse({ name: 'P', commander: 'Atraxa', hasPartner: false, partnerCommander: 'Thrasios' })).toMatchObject({
      partnerCommander: null,
    });
  });

  it('refuses an id that is not a UUID', () => {
    expect(messages({ id: 'deck-1', name: 'X' })).toEqual(['id must be a UUID.']);
  });
});

describe('commanderLabel', () => {
  it('joins a partner pair with " // "', () => {
    expect(commanderLabel({ commander: 'Tymna', hasPartner: true, partnerCommander: 'Thrasios' })).toBe('Tymna // Thrasios');
  });

  it('shows one commander when there is no partner, or the partner is not named', () => {
    expect(commanderLabel({ commander: 'Atraxa', hasPartner: false, partnerCommander: 'Thrasios' })).toBe('Atraxa');
    expect(commanderLabel({ commander: 'Tymna', hasPartner: true, partnerCommander: null })).toBe('Tymna');
    expect(commanderLabel({ commander: 'Tymna', hasPartner: true, partnerCommander: '  ' })).toBe('Tymna');
  });

  it('is null for a deck without commanders', () => {
    expect(commanderLabel({ commander: null, hasPartner: false, partnerCommander: null })).toBeNull();
  });
});

describe('deckSchema', () => {
  it('reads a stored deck and refuses one missing its links', () => {
    const deck = {
      id: 'd1',
      name: 'Blitz',
      description: null,
      commander: 'Tymna',
      hasPartner: true,
      partnerCommander: 'Thrasios',
      externalLinks: [],
      createdAt: '2025-05-01T18:00:00.000Z',
      updatedAt: '2025-05-01T18:00:00.000Z',
    };
    expect(deckSchema.parse(deck)).toEqual(deck);
    const { externalLinks: _links, ...withoutLinks } = deck;
    expect(deckSchema.safeParse(withoutLinks).success).toBe(false);
  });
});
