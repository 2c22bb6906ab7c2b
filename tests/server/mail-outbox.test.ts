/** The outbox transport (no SMTP_URL): a capped folder of .eml files, and no link in an info-level log. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, type MailDraft } from '../../server/mail';
import { tempDir } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function capture() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  return {
    lines,
    log: {
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
      debug: (obj: object, msg: string) => lines.push({ level: 'debug', obj, msg }),
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
    },
  };
}

const mail = (n: number, link = `http://app.test/reset-password/secret-token-${n}`): MailDraft => ({
  kind: 'reset',
  to: `someone${n}@example.com`,
  subject: `Mail ${n}`,
  text: `Body of mail ${n}: ${link}\n${'x'.repeat(2000)}`,
  link,
});

const emls = (dir: string) => fs.readdirSync(path.join(dir, 'outbox')).filter((name) => name.endsWith('.eml')).sort();
const subjects = (dir: string) => emls(dir).map((name) => /Subject: (.*)/.exec(fs.readFileSync(path.join(dir, 'outbox', name), 'utf8'))?.[1]);

describe('the mail outbox', () => {
  it('keeps only the newest files (count cap) as mails are written', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const { log } = capture();
    const mailer = createMailer({ smtpUrl: undefined, dataDir: dir, from: 'PodTable <no-reply@podtable.test>', log, outboxMaxFiles: 5 });
    for (let n = 1; n <= 12; n += 1) await mailer.send(mail(n));
    await mailer.close();
    expect(subjects(dir)).toEqual(['Mail 8', 'Mail 9', 'Mail 10', 'Mail 11', 'Mail 12']);
  });

  it('keeps at most the byte cap', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const mailer = createMailer({ smtpUrl: undefined, dataDir: dir, from: 'PodTable <no-reply@podtable.test>', log: capture().log, outboxMaxBytes: 8000 });
    for (let n = 1; n <= 10; n += 1) await mailer.send(mail(n));
    await mailer.close();
    const bytes = emls(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, 'outbox', name)).size, 0);
    expect(bytes).toBeLessThanOrEqual(8000);
    expect(subjects(dir).at(-1)).toBe('Mail 10');
    expect(emls(dir).length).toBeGreaterThan(1);
  });

  it('purges an outbox over the cap at start', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const outbox = path.join(dir, 'outbox');
    fs.mkdirSync(outbox);
    for (let n = 10; n < 40; n += 1) fs.writeFileSync(path.join(outbox, `2026-01-01T00-00-${n}-000Z-old.eml`), `Subject: Old ${n}\n`);
    const mailer = createMailer({ smtpUrl: undefined, dataDir: dir, from: 'PodTable <no-reply@podtable.test>', log: capture().log, outboxMaxFiles: 4 });
    await mailer.close();
    expect(subjects(dir)).toEqual(['Old 36', 'Old 37', 'Old 38', 'Old 39']);
  });

  it('logs the link at debug level only, never at info', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const { lines, log } = capture();
    const mailer = createMailer({ smtpUrl: undefined, dataDir: dir, from: 'PodTable <no-reply@podtable.test>', log });
    await mailer.send(mail(1));
    await mailer.close();
    const info = JSON.stringify(lines.filter((line) => line.level === 'info'));
    expect(info).toContain('mail written to the outbox');
    expect(info).not.toContain('secret-token-1');
    expect(JSON.stringify(lines.filter((line) => line.level === 'debug'))).toContain('secret-token-1');
  });
});
