/** Rule 0: when the seated decks' declared brackets do not match, and what the notice says. */
import { describe, expect, it } from 'vitest';
import { bracketMismatch, bracketNotice } from '../../../src/features/game/wizard/bracket-mismatch';

const seat = (name: string, bracket: number | null) => ({ name, bracket });

describe('bracketMismatch', () => {
  it('finds no mismatch when no deck declares a bracket, or a single player is seated', () => {
    expect(bracketMismatch([seat('Ana', null), seat('Ben', null)])).toBeNull();
    expect(bracketMismatch([seat('Ana', 5)])).toBeNull();
    expect(bracketMismatch([])).toBeNull();
  });

  it('lets declared brackets one apart (or equal) play together', () => {
    expect(bracketMismatch([seat('Ana', 3), seat('Ben', 4), seat('Cy', 3)])).toBeNull();
    expect(bracketMismatch([seat('Ana', 2), seat('Ben', 2)])).toBeNull();
  });

  it('calls a spread of more than 1 among the declared brackets a mismatch, whatever the seat order', () => {
    expect(bracketMismatch([seat('Ana', 2), seat('Ben', 4)])).toEqual({ kind: 'spread', seats: [seat('Ana', 2), seat('Ben', 4)] });
    expect(bracketMismatch([seat('Ana', 5), seat('Ben', 4), seat('Cy', 3)])?.kind).toBe('spread');
    // A spread wins over an undeclared deck: it is the sharper warning.
    expect(bracketMismatch([seat('Ana', 1), seat('Ben', null), seat('Cy', 3)])?.kind).toBe('spread');
  });

  it('flags an undeclared deck next to a declared one', () => {
    expect(bracketMismatch([seat('Ana', 3), seat('Ben', null)])).toEqual({ kind: 'undeclared', seats: [seat('Ana', 3), seat('Ben', null)] });
  });
});

describe('bracketNotice', () => {
  it('names every seat with its bracket and asks to talk', () => {
    expect(bracketNotice(bracketMismatch([seat('Ana', 2), seat('Ben', 4)]))).toBe('Brackets differ: Ana 2, Ben 4. Talk it over before you start.');
    expect(bracketNotice(bracketMismatch([seat('Ana', 3), seat('Ben', null)]))).toBe(
      'Not every deck declares a bracket: Ana 3, Ben not declared. Talk it over before you start.',
    );
    expect(bracketNotice(null)).toBeNull();
  });
});
