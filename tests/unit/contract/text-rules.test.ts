/** The contract's text rules (src/contract/text.ts) and username rule (src/contract/username.ts). */
import { describe, expect, it } from 'vitest';
import { sendDirectMessageBody, podMessagesQuery, createPodBody } from '../../../src/contract/social';
import { DateText, TextRuleText, boundedDateTime, safeMultilineText, safeText } from '../../../src/contract/text';
import { USERNAME_CHARACTERS_TEXT } from '../../../src/contract/username';
import { updateMeBody, usernameSchema } from '../../../src/contract/users';
import { deckInputFields } from '../../../src/contract/decks';
import { updateGameBody } from '../../../src/contract/game';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('safeText', () => {
  it.each([
    ['a\u0000b', TextRuleText.control],
    ['tab\there', TextRuleText.control],
    ['line\nbreak', TextRuleText.control],
    ['\u009b31m', TextRuleText.control],
    ['gnp.\u202eexe', TextRuleText.bidi],
    ['\u2066x\u2069', TextRuleText.bidi],
    ['lone \ud800', TextRuleText.malformed],
    ['\udc00 lone', TextRuleText.malformed],
  ])('refuses %j', (value, message) => {
    expect(firstMessage(safeText().safeParse(value))).toBe(message);
  });

  it('keeps ordinary text, emoji with joiners and paired surrogates, and NFC-normalises', () => {
    expect(safeText().parse('Ana 👨‍👩‍👧 Ωmega')).toBe('Ana 👨‍👩‍👧 Ωmega');
    expect(safeText().parse('e\u0301')).toBe('é');
  });
});

describe('invisible characters in single-line text (names users show each other)', () => {
  it.each([
    ['zero width space', 'Ad\u200bmin'],
    ['zero width non-joiner', 'Ad\u200cmin'],
    ['zero width joiner between letters', 'Ad\u200dmin'],
    ['word joiner', 'Ad\u2060min'],
    ['byte order mark', '\ufeffAdmin'],
    ['Mongolian vowel separator', 'Ad\u180emin'],
    ['invisible plus', 'Ad\u2064min'],
    ['a joiner after an emoji but before a letter', '😀\u200dx'],
    ['a joiner before an emoji but after a letter', 'x\u200d😀'],
  ])('refuses a %s', (_name, value) => {
    expect(firstMessage(safeText().safeParse(value))).toBe(TextRuleText.invisible);
  });

  it('keeps the joiner inside emoji sequences (family, profession with skin tone, flags)', () => {
    for (const emoji of ['👨\u200d👩\u200d👧', '👩🏽\u200d💻', '🏳\ufe0f\u200d🌈', '🏴\u200d☠\ufe0f', '❤\ufe0f\u200d🔥']) {
      expect(safeText().parse(`Ana ${emoji}`)).toBe(`Ana ${emoji}`);
    }
  });

  it('refuses direction controls in every name users show each other', () => {
    const rlo = 'Friday\u202e';
    expect(firstMessage(createPodBody.safeParse({ name: 'Fri\u200bday' }))).toBe(TextRuleText.invisible);
    expect(firstMessage(updateMeBody.safeParse({ displayName: rlo }))).toBe(TextRuleText.bidi);
    expect(firstMessage(updateMeBody.safeParse({ displayName: 'Ana\u2060' }))).toBe(TextRuleText.invisible);
    expect(firstMessage(deckInputFields.safeParse({ name: `Deck${'\u2067'}` }))).toBe(TextRuleText.bidi);
    expect(firstMessage(deckInputFields.safeParse({ name: 'De\u200dck' }))).toBe(TextRuleText.invisible);
  });
});

describe('safeMultilineText', () => {
  it('strips direction overrides, isolates and embeddings', () => {
    expect(safeMultilineText().parse('gnp.\u202eexe \u202a\u202b\u202c\u202d\u2066a\u2067b\u2068c\u2069')).toBe('gnp.exe abc');
  });

  it('strips zero-width characters but keeps the joiner inside emoji sequences', () => {
    expect(safeMultilineText().parse('\ufeffhi\u200b the\u200cre\u200d!\u2060 \u180e👨\u200d👩\u200d👧 😀\u200d')).toBe('hi there! 👨\u200d👩\u200d👧 😀');
  });

  it('a message of only invisible characters is blank, so it is refused like a blank one', () => {
    expect(firstMessage(sendDirectMessageBody.safeParse({ receiverId: 'u', content: '\u200b\u202e\ufeff' }))).toBe('Enter a message first.');
  });


  it('keeps line breaks and tabs, turns CR LF into LF and strips other control characters', () => {
    expect(safeMultilineText().parse('a\r\nb\rc\td\u0000e\u0007f\u001b')).toBe('a\nb\nc\tdef');
  });

  it('refuses a lone surrogate', () => {
    expect(firstMessage(safeMultilineText().safeParse('x\ud83dy'))).toBe(TextRuleText.malformed);
  });

  it('a message of only control characters is blank, so it is refused like a blank one', () => {
    expect(firstMessage(sendDirectMessageBody.safeParse({ receiverId: 'u', content: '\u0000\u0007' }))).toBe('Enter a message first.');
  });
});

describe('bounded numbers and dates', () => {
  it.each([['0000-01-01T00:00:00Z'], ['1999-12-31T23:59:59Z']])('refuses %s as out of range', (value) => {
    expect(firstMessage(boundedDateTime().safeParse(value))).toBe(DateText.range);
  });

  it('refuses an extended year (+275760…) as not a date at all', () => {
    expect(firstMessage(boundedDateTime().safeParse('+275760-09-13T00:00:00Z'))).toBe(DateText.invalid);
  });

  it('accepts 2000–9999 with or without an offset', () => {
    expect(boundedDateTime().safeParse('2000-01-01T00:00:00Z').success).toBe(true);
    expect(boundedDateTime().safeParse('9999-12-31T23:59:59+00:00').success).toBe(true);
    expect(firstMessage(boundedDateTime().safeParse('tomorrow'))).toBe(DateText.invalid);
  });

  it('message paging and turn numbers stay inside their columns', () => {
    expect(podMessagesQuery.safeParse({ limit: '1e400' }).success).toBe(false);
    expect(podMessagesQuery.safeParse({ before: '0000-01-01T00:00:00Z' }).success).toBe(false);
    expect(updateGameBody.safeParse({ turnNumber: 2 ** 31 }).success).toBe(false);
    expect(updateGameBody.safeParse({ turnNumber: 12 }).success).toBe(true);
  });

  it('a pod name with a direction override is refused', () => {
    expect(firstMessage(createPodBody.safeParse({ name: 'Friday\u202e' }))).toBe(TextRuleText.bidi);
  });
});

describe('usernames', () => {
  it('NFKC-normalises and keeps letters of any script, digits and . _ -', () => {
    expect(usernameSchema.parse('ＡＢＣ_1')).toBe('ABC_1');
    expect(usernameSchema.parse('Zoë.k-9')).toBe('Zoë.k-9');
    expect(usernameSchema.parse('Θεός')).toBe('Θεός');
  });

  it.each([['zero\u200bwidth'], ['rtl\u202eover'], ['two words'], ['-dash'], ['emoji😀'], ['nul\u0000x'], ['soft\u00adhyphen']])('refuses %j', (value) => {
    expect(firstMessage(usernameSchema.safeParse(value))).toBe(USERNAME_CHARACTERS_TEXT);
  });
});
