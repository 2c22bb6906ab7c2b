/** Join codes (src/contract/game-join.ts, server/games/join-codes.ts): the alphabet, typing them, drawing them, their QR code. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { GameJoinText, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, JOIN_CODE_SPACE, isJoinCode, joinCodeSchema, joinLink, normalizeJoinCode } from '../../../src/contract/game-join';
import { newJoinCode } from '../../../server/games/join-codes';
import { qrPath } from '../../../src/ui/qr-code';

describe('join codes', () => {
  it('use 32 distinct characters with no 0, O, 1 or I: about a billion codes of six', () => {
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(32);
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(JOIN_CODE_SPACE).toBe(1_073_741_824);
  });

  it('are typed in any case, with spaces or dashes', () => {
    expect(normalizeJoinCode(' k7m-4qx ')).toBe('K7M4QX');
    expect(normalizeJoinCode('K7M 4QX')).toBe('K7M4QX');
    expect(z.parse(joinCodeSchema, 'k7m 4qx')).toBe('K7M4QX');
  });

  it('refuse anything else with one message', () => {
    for (const bad of ['K7M4Q', 'K7M4QXX', 'K7M4Q0', 'K7M4QO', 'K7M4Q1', 'K7M4QI', 'K7M4Q!', '', 'K7M\u200b4QX']) {
      expect(isJoinCode(normalizeJoinCode(bad))).toBe(false);
      const result = z.safeParse(joinCodeSchema, bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(GameJoinText.badFormat);
    }
    expect(z.safeParse(joinCodeSchema, 123456).success).toBe(false);
    expect(z.safeParse(joinCodeSchema, 'K'.repeat(41)).success).toBe(false);
  });

  it('are drawn from the whole alphabet, every character alike', () => {
    const counts = new Map<string, number>();
    const draws = 4000;
    for (let i = 0; i < draws; i += 1) {
      const code = newJoinCode();
      expect(isJoinCode(code)).toBe(true);
      for (const char of code) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    // 24,000 characters: 750 each expected; a fair draw stays far inside ±25 %.
    for (const count of counts.values()) expect(Math.abs(count - (draws * JOIN_CODE_LENGTH) / 32)).toBeLessThan(190);
  });

  it('link to /join/<CODE>, drawn as a QR code with its three finder patterns and a quiet zone', () => {
    const link = joinLink('https://podtable.example', 'K7M4QX');
    expect(link).toBe('https://podtable.example/join/K7M4QX');
    const { d, size } = qrPath(link);
    // Version 3 (29 modules) and a border of 2 on each side.
    expect(size).toBe(33);
    const dark = new Set(d.split('M').filter(Boolean).map((cell) => cell.split('h')[0]));
    // Finder patterns: the outer ring's corners at the top left, top right and bottom left.
    for (const [x, y] of [[2, 2], [8, 2], [2, 8], [size - 3, 2], [size - 9, 2], [2, size - 3], [2, size - 9]]) expect(dark.has(`${x} ${y}`)).toBe(true);
    // The quiet zone is light, and the finder's inner ring too.
    for (const [x, y] of [[0, 0], [1, 1], [3, 3], [size - 1, size - 1]]) expect(dark.has(`${x} ${y}`)).toBe(false);
  });
});
