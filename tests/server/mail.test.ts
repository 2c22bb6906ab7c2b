/** With SMTP_URL the reset mail goes through SMTP (a local smtp-server here) instead of the outbox folder. */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '../../server/mail';
import { linkIn, startServer, type TestServer } from './helpers';

const received: string[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        received.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  server = await startServer({
    config: { smtpUrl },
    mailer: createMailer({ smtpUrl, dataDir: '/nonexistent', from: 'PodTable <no-reply@podtable.test>', log: { info: () => undefined } }),
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

it('sends the reset link over SMTP and writes no outbox file', async () => {
  const { email, username } = await server.register('smtp');
  expect((await server.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
  const deadline = Date.now() + 5000;
  const isReset = (m: string) => m.includes(email) && m.includes('Subject: Reset your PodTable password');
  while (!received.some(isReset) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const mail = received.find(isReset);
  expect(mail).toBeDefined();
  expect(mail).toContain('Subject: Reset your PodTable password');
  const token = linkIn(mail!).split('/').pop()!;
  expect((await server.request('PATCH', `/api/auth/reset-password/${token}`, { body: { newPassword: 'mailed new password' } })).status).toBe(200);
  expect((await server.request('POST', '/api/users/login', { body: { username, password: 'mailed new password' } })).status).toBe(200);
  expect(fs.existsSync(server.outboxDir)).toBe(false);
  expect(server.logText()).not.toContain(token);
});
