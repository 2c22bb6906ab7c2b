import { describe, expect, it } from 'vitest';
import { deckFileName, formatDeckList } from '../../../src/features/decks/import/format-deck-list';
import { deckNameFromLink, ImportText, parseDeckList } from '../../../src/features/decks/import/parse-deck-list';

/** Moxfield's "Export → Arena" / "Copy for Moxfield": sections, printings, foil markers. */
const MOXFIELD = `Commander
1 Atraxa, Praetors' Voice (2X2) 190

Deck
1 Arcane Signet (CMM) 378
1 Sol Ring (C21) 263 *F*
1 Deepglow Skate (CMR) 68 *E*
1 Breeding Pool (RNA) 246
12 Forest (ONE) 276
1 Growing Rites of Itlimoc // Itlimoc, Cradle of the Sun (XLN) 191
1 Mox Opal (SLD) 1494★

SIDEBOARD:
1 Doubling Season (2X2) 138
2 Swords to Plowshares (STA) 10
`;

/** Archidekt's text export: "1x", lower-case set codes, categories and label tags. */
const ARCHIDEKT = `1x Tymna the Weaver (c16) 48 [Commander{top}]
1x Thrasios, Triton Hero (c16) 46 *F* [Commander{top}]
1x Sol Ring (cmm) 400 [Ramp]
1x Rhystic Study (pcy) 45 [Draw,Stax] ^Have,#37d67a^
4x Island (unf) 236 [Land]
1x Smothering Tithe (rna) 22 [Maybeboard{noDeck}{noPrice},Ramp]
`;

/** MTGO: plain lines, the commander alone in the last block. */
const MTGO = `1 Sol Ring
1 Arcane Signet
1 Command Tower
30 Swamp

1 K'rrik, Son of Yawgmoth
`;

/** TappedOut / EDHREC: *CMDR* marks the commander anywhere in the list. */
const CMDR = `1x Sol Ring
1x Atraxa, Praetors' Voice *CMDR*
1x Arcane Signet
`;

/** MTG Arena's own export, with the About block. */
const ARENA = `About
Name Lathril's Elves

Commander
1 Lathril, Blade of the Elves (KHC) 1

Deck
1 Llanowar Elves (DOM) 168
`;

describe('parseDeckList: the formats players paste', () => {
  it('reads a Moxfield export: the commander section, printings and foil markers stripped, sideboard left out', () => {
    const list = parseDeckList(MOXFIELD);
    expect(list.commanders).toEqual(["Atraxa, Praetors' Voice"]);
    expect(list.cards).toEqual([
      { quantity: 1, name: 'Arcane Signet' },
      { quantity: 1, name: 'Sol Ring' },
      { quantity: 1, name: 'Deepglow Skate' },
      { quantity: 1, name: 'Breeding Pool' },
      { quantity: 12, name: 'Forest' },
      { quantity: 1, name: 'Growing Rites of Itlimoc // Itlimoc, Cradle of the Sun' },
      { quantity: 1, name: 'Mox Opal' },
    ]);
    expect(list.leftOut).toBe(3);
    expect(list.problems).toEqual([]);
  });

  it('reads an Archidekt export: [Commander] categories make the partners, {noDeck} cards are left out, tags dropped', () => {
    const list = parseDeckList(ARCHIDEKT);
    expect(list.commanders).toEqual(['Tymna the Weaver', 'Thrasios, Triton Hero']);
    expect(list.cards).toEqual([
      { quantity: 1, name: 'Sol Ring' },
      { quantity: 1, name: 'Rhystic Study' },
      { quantity: 4, name: 'Island' },
    ]);
    expect(list.leftOut).toBe(1);
    expect(list.problems).toEqual([]);
  });

  it('guesses the commander of an MTGO list from its last block, and keeps it out of the cards', () => {
    const list = parseDeckList(MTGO);
    expect(list.commanders).toEqual([]);
    expect(list.commanderGuesses).toEqual(["K'rrik, Son of Yawgmoth"]);
    expect(list.cards.map((card) => card.name)).toEqual(['Sol Ring', 'Arcane Signet', 'Command Tower', 'Swamp']);
    expect(list.cards.at(-1)).toEqual({ quantity: 30, name: 'Swamp' });
  });

  it('guesses from a first block of one or two cards when the last block is the deck', () => {
    const list = parseDeckList('1 Kraum, Ludevic\'s Opus\n1 Tymna the Weaver\n\n1 Sol Ring\n1 Mana Crypt\n1 Mana Vault\n');
    expect(list.commanderGuesses).toEqual(["Kraum, Ludevic's Opus", 'Tymna the Weaver']);
    expect(list.cards).toHaveLength(3);
  });

  it('makes no guess from one block, or when sections say where the commander is (none here)', () => {
    expect(parseDeckList('1 Sol Ring\n1 Arcane Signet\n').commanderGuesses).toEqual([]);
    expect(parseDeckList('Deck\n1 Sol Ring\n\n1 Atraxa, Praetors\' Voice\n').commanderGuesses).toEqual([]);
  });

  it('reads *CMDR* markers wherever the commander line is', () => {
    const list = parseDeckList(CMDR);
    expect(list.commanders).toEqual(["Atraxa, Praetors' Voice"]);
    expect(list.cards.map((card) => card.name)).toEqual(['Sol Ring', 'Arcane Signet']);
  });

  it("reads MTG Arena's About block for the deck name", () => {
    const list = parseDeckList(ARENA);
    expect(list.name).toBe("Lathril's Elves");
    expect(list.commanders).toEqual(['Lathril, Blade of the Elves']);
    expect(list.cards).toEqual([{ quantity: 1, name: 'Llanowar Elves' }]);
  });

  it('reads "Commander: name" headers and "// Sideboard" comment headers', () => {
    const list = parseDeckList('Commander: Alesha, Who Smiles at Death\n\nMain:\n1 Sol Ring\n2 Mountain\n\n// Sideboard\n1 Maybe Card\n');
    expect(list.commanders).toEqual(['Alesha, Who Smiles at Death']);
    expect(list.cards).toEqual([
      { quantity: 1, name: 'Sol Ring' },
      { quantity: 2, name: 'Mountain' },
    ]);
    expect(list.leftOut).toBe(1);
  });

  it('adds up the same card named twice, ignoring case, and accepts Windows line ends', () => {
    const list = parseDeckList('Deck\r\n10 Forest\r\n5 forest (M21) 273\r\n');
    expect(list.cards).toEqual([{ quantity: 15, name: 'Forest' }]);
  });

  it('keeps two commanders at most; a third is added to the deck with a note', () => {
    const list = parseDeckList('Commander\n1 Tymna the Weaver\n1 Thrasios, Triton Hero\n1 Kraum, Ludevic\'s Opus\n\nDeck\n1 Sol Ring\n');
    expect(list.commanders).toEqual(['Tymna the Weaver', 'Thrasios, Triton Hero']);
    expect(list.cards.map((card) => card.name)).toEqual(["Kraum, Ludevic's Opus", 'Sol Ring']);
    expect(list.notes).toEqual([ImportText.tooManyCommanders("Kraum, Ludevic's Opus")]);
  });
});

describe('parseDeckList: links and lines it does not understand', () => {
  it('keeps a Moxfield or Archidekt deck link as a link, and names the deck from an Archidekt slug', () => {
    const list = parseDeckList('https://www.moxfield.com/decks/AbC123xyz\nhttps://archidekt.com/decks/123456/atraxa_superfriends\n');
    expect(list.links).toEqual(['https://www.moxfield.com/decks/AbC123xyz', 'https://archidekt.com/decks/123456/atraxa_superfriends']);
    expect(list.name).toBe('atraxa superfriends');
    expect(list.cards).toEqual([]);
    expect(list.problems).toEqual([]);
  });

  it('lists every line it cannot read, with its 1-based number and the reason, and still reads the rest', () => {
    const list = parseDeckList('Commander\n1 Atraxa, Praetors\' Voice\n\nDeck\nSol Ring\n1 Arcane Signet\n0 Mana Crypt\n1x (C21) 263\nhello there\n');
    expect(list.problems).toEqual([
      { line: 5, text: 'Sol Ring', reason: ImportText.notACardLine },
      { line: 7, text: '0 Mana Crypt', reason: ImportText.badQuantity },
      { line: 8, text: '1x (C21) 263', reason: ImportText.noName },
      { line: 9, text: 'hello there', reason: ImportText.notACardLine },
    ]);
    expect(list.commanders).toEqual(["Atraxa, Praetors' Voice"]);
    expect(list.cards).toEqual([{ quantity: 1, name: 'Arcane Signet' }]);
  });

  it('refuses a name longer than the contract allows and an absurd quantity', () => {
    const list = parseDeckList(`1 ${'x'.repeat(201)}\n999 Relentless Rats\n`);
    expect(list.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [1, ImportText.nameTooLong],
      [2, ImportText.badQuantity],
    ]);
  });

  it('ignores comments and blank lines without reporting them', () => {
    const list = parseDeckList('// My list\n# built in 2026\n\n\n1 Sol Ring\n');
    expect(list.problems).toEqual([]);
    expect(list.cards).toEqual([{ quantity: 1, name: 'Sol Ring' }]);
  });

  it('deckNameFromLink reads only Archidekt slugs', () => {
    expect(deckNameFromLink('https://archidekt.com/decks/42/my-big_deck')).toBe('my big deck');
    expect(deckNameFromLink('https://www.moxfield.com/decks/AbC123')).toBeNull();
    expect(deckNameFromLink('not a link')).toBeNull();
  });
});

describe('formatDeckList (export)', () => {
  const deck = {
    commander: 'Tymna the Weaver',
    hasPartner: true,
    partnerCommander: 'Thrasios, Triton Hero',
    cards: [
      { quantity: 1, name: 'Sol Ring' },
      { quantity: 4, name: 'Island' },
    ],
  };

  it('writes the Commander and Deck sections', () => {
    expect(formatDeckList(deck)).toBe('Commander\n1 Tymna the Weaver\n1 Thrasios, Triton Hero\n\nDeck\n1 Sol Ring\n4 Island\n');
  });

  it('reads back exactly what it wrote', () => {
    const again = parseDeckList(formatDeckList(deck));
    expect(again.commanders).toEqual(['Tymna the Weaver', 'Thrasios, Triton Hero']);
    expect(again.cards).toEqual(deck.cards);
    expect(again.problems).toEqual([]);
  });

  it('leaves out a partner without the tick, and a deck mirrored before card lists existed has no Deck section', () => {
    expect(formatDeckList({ commander: 'Atraxa', hasPartner: false, partnerCommander: 'Ghost', cards: undefined })).toBe('Commander\n1 Atraxa\n');
    expect(formatDeckList({ commander: null, hasPartner: false, partnerCommander: null, cards: [] })).toBe('');
  });

  it('deckFileName makes a safe .txt name', () => {
    expect(deckFileName('Atraxa Superfriends!')).toBe('atraxa-superfriends.txt');
    expect(deckFileName('../../etc/passwd')).toBe('etc-passwd.txt');
    expect(deckFileName('Éowyn’s Riders')).toBe('eowyn-s-riders.txt');
    expect(deckFileName('★★★')).toBe('deck.txt');
  });
});
