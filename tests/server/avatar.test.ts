import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES } from '../../src/contract/limits';
import type { User } from '../../src/contract/users';
import { avatars } from '../../server/db/schema';
import { GIF_1X1, JPEG_HEADER, PNG_1X1, SVG, WEBP_1X1 } from './fixtures';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

function upload(token: string, bytes: Buffer, fileName = 'me.png', type = 'image/png', field = 'avatar') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return server.request<User & { message?: string }>('POST', '/api/users/avatar', { token, raw: form });
}

describe('POST /api/users/avatar', () => {
  it.each([
    ['image/png', PNG_1X1, 'a.png'],
    ['image/gif', GIF_1X1, 'a.gif'],
    ['image/jpeg', JPEG_HEADER, 'a.jpg'],
    ['image/webp', WEBP_1X1, 'a.webp'],
  ])('keeps a %s and serves it back with that type', async (mime, bytes, name) => {
    const { token, user } = await server.newUser('av');
    // The declared type is deliberately wrong: only the bytes count.
    const answer = await upload(token, bytes, name, 'application/octet-stream');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...user, rev: user.rev! + 1, avatarUrl: expect.stringMatching(new RegExp(`^/api/users/${user.id}/avatar\\?v=[0-9a-f]{16}$`)) });
    const me = await server.request<User>('GET', '/api/users/me', { token });
    expect(me.body.avatarUrl).toBe(answer.body.avatarUrl);

    // No token needed: an <img> cannot send one.
    const served = await fetch(server.url + answer.body.avatarUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(mime);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 304 for a known ETag and no-cache without the version', async () => {
    const { token, user } = await server.newUser('etag');
    await upload(token, PNG_1X1);
    const plain = await fetch(`${server.url}/api/users/${user.id}/avatar`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await fetch(`${server.url}/api/users/${user.id}/avatar`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('a new upload replaces the old one and changes the URL', async () => {
    const { token, user } = await server.newUser('swap');
    const first = await upload(token, PNG_1X1);
    const second = await upload(token, GIF_1X1, 'b.gif');
    expect(second.body.avatarUrl).not.toBe(first.body.avatarUrl);
    const rows = await server.database.db.select().from(avatars).where(eq(avatars.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.mime).toBe('image/gif');
    expect(rows[0]!.bytes.equals(GIF_1X1)).toBe(true);
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not an image\n'.repeat(20)), 'evil.png', 'image/png'],
    ['an SVG (scripts)', SVG, 'a.svg', 'image/svg+xml'],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1'), 'a.png', 'image/png'],
  ])('refuses %s with 400 and keeps the old avatar', async (_label, bytes, name, type) => {
    const { token, user } = await server.newUser('bad');
    const before = await upload(token, PNG_1X1);
    const answer = await upload(token, bytes, name, type);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Avatar must be a PNG, JPEG, GIF or WebP image.' });
    const me = await server.request<User>('GET', '/api/users/me', { token });
    expect(me.body.avatarUrl).toBe(before.body.avatarUrl);
    const [row] = await server.database.db.select().from(avatars).where(eq(avatars.userId, user.id));
    expect(row!.bytes.equals(PNG_1X1)).toBe(true);
  });

  it('refuses an image over 2 MB with 413 and stores nothing', async () => {
    const { token, user } = await server.newUser('big');
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const answer = await upload(token, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'Avatar must be at most 2 MB.' });
    expect(await server.database.db.select().from(avatars).where(eq(avatars.userId, user.id))).toHaveLength(0);
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([PNG_1X1, Buffer.alloc(AVATAR_MAX_BYTES - PNG_1X1.length)]);
    expect((await upload(token, atLimit)).status).toBe(200);
  });

  it('refuses an empty file, a wrong field name, and a form without a file', async () => {
    const { token } = await server.newUser('form');
    const empty = await upload(token, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const wrongField = await upload(token, PNG_1X1, 'a.png', 'image/png', 'picture');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ message: 'Send the image in a field named avatar.' });
    const form = new FormData();
    form.append('note', 'no file here');
    const noFile = await server.request('POST', '/api/users/avatar', { token, raw: form });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ message: 'Choose an image to upload.' });
  });

  it('needs a token', async () => {
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(PNG_1X1)]), 'a.png');
    expect((await server.request('POST', '/api/users/avatar', { raw: form })).status).toBe(401);
  });
});

describe('GET /api/users/:id/avatar', () => {
  it('404 JSON for a user without an avatar and for an unknown id', async () => {
    const { user } = await server.newUser('none');
    for (const id of [user.id, '00000000-0000-4000-8000-000000000000']) {
      const answer = await server.request('GET', `/api/users/${id}/avatar`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: 'This user has no avatar.' });
    }
  });
});
