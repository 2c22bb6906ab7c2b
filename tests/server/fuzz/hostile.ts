/**
 * Hostile values for the fuzz suite, drawn from a seeded generator so a failure can be replayed
 * with the same FUZZ_SEED: the inputs that once broke the server (NUL,
 * a turnNumber past int4, a year-0 date, malformed multipart) and their relatives.
 */

/** mulberry32: small, fast, good enough to spread choices; the same seed gives the same run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'abc\u0000def',
  '\u0007\u001b[31m',
  '\r\n\r\n',
  '\ud800',
  'x\udfffy',
  'gnp.\u202eexe',
  'a\u200b\u200c\u200db',
  '\u2066isolate\u2069',
  '\ufeffbom',
  'ｆｕｌｌｗｉｄｔｈ',
  'Ꭺdmin',
  '😀'.repeat(300),
  'e\u0301'.repeat(100),
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'x'.repeat(257),
  'y'.repeat(5000),
  'z'.repeat(70_000),
  '',
  ' ',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-02-30T25:61:00Z',
  '1e400',
  '-0',
  'NaN',
  'true',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'javascript:alert(1)',
  'http://',
];

export const HOSTILE_NUMBERS: readonly number[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  0.5,
  -1,
  0,
  Number.MAX_SAFE_INTEGER,
];

/** A value of any JSON type, hostile more often than not. */
export function hostileValue(random: Random, depth = 0): unknown {
  const roll = random();
  if (roll < 0.45) return pick(random, HOSTILE_STRINGS);
  if (roll < 0.7) return pick(random, HOSTILE_NUMBERS);
  if (roll < 0.75) return pick(random, [true, false, null]);
  if (depth > 2) return {};
  if (roll < 0.85) return Array.from({ length: Math.floor(random() * 4) }, () => hostileValue(random, depth + 1));
  if (roll < 0.9) return Array.from({ length: 2000 }, () => 1);
  return { [pick(random, ['a', '__proto__', 'constructor', '\u0000k', 'id'])]: hostileValue(random, depth + 1) };
}

/** Raw bodies that are not JSON objects, or not JSON at all, with the content type they claim. */
export const RAW_BODIES: ReadonlyArray<{ body: string; type: string }> = [
  { body: '{"a":', type: 'application/json' },
  { body: '', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '[]', type: 'application/json' },
  { body: '"\\u0000"', type: 'application/json' },
  { body: '{"__proto__":{"admin":true}}', type: 'application/json' },
  { body: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { body: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, type: 'application/json' },
  { body: `{"a":"${'b'.repeat(70 * 1024)}"}`, type: 'application/json' },
  { body: '{"content":"hi\\ud800"}', type: 'application/json' },
  { body: 'a=b&c=d', type: 'application/x-www-form-urlencoded' },
  { body: '<x/>', type: 'application/xml' },
  { body: 'plain', type: 'text/plain' },
  { body: '--B\r\nContent-Disposition: form-data; name="avatar"\r\n\r\n', type: 'multipart/form-data; boundary=B' },
  { body: 'junk', type: 'multipart/form-data' },
];

/** Multipart bodies for the avatar upload: broken structure, wrong fields, wrong bytes. */
export function hostileMultipart(random: Random, png: Buffer): { body: Buffer | string; type: string } {
  const boundary = 'FuzzBoundary';
  const part = (name: string, filename: string, bytes: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const type = `multipart/form-data; boundary=${boundary}`;
  return pick(random, [
    { body: part('avatar', 'a.png', png), type },
    { body: part('avatar', '\u0000.png', png), type },
    { body: part('other', 'a.png', png), type },
    { body: part('avatar', 'a.svg', '<svg onload="alert(1)"/>'), type },
    { body: part('avatar', 'a.png', Buffer.alloc(0)), type },
    { body: part('avatar', 'a.png', png).subarray(0, 60), type },
    { body: `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`, type },
    { body: `--${boundary}--\r\n`, type },
    { body: 'not multipart', type },
    { body: part('avatar', 'a.png', png), type: 'multipart/form-data' },
  ]);
}
