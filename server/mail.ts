/**
 * Outgoing mail. With SMTP_URL: nodemailer's SMTP transport. Without: every mail is written
 * as an .eml file to DATA_DIR/outbox/ and its action link is logged at info level — the one
 * place a reset link may appear in the log, because a person running the server locally has
 * no other way to follow it. Sending never blocks an answer: callers do not await delivery
 * (see `send`), and `close()` waits for mails still on their way.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the mail is about; printed in the log by the outbox transport only. */
  link?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Folder of .eml files (outbox transport only). */
  readonly outboxDir: string | undefined;
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
  log: MailLog;
}

export function createMailer(options: MailerOptions): Mailer {
  const outboxDir = options.smtpUrl ? undefined : path.join(options.dataDir, 'outbox');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    kind: options.smtpUrl ? 'smtp' : 'outbox',
    outboxDir,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      if (!outboxDir) return;
      await fs.mkdir(outboxDir, { recursive: true });
      // Sortable by time, unique across processes.
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      const message = (info as { message?: Buffer | string }).message ?? '';
      await fs.writeFile(file, message);
      options.log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to the outbox');
    },
    async close() {
      transport.close();
    },
  };
}
