/**
 * Outgoing mail. With SMTP_URL: nodemailer's SMTP transport. Without: every mail is written
 * as an .eml file to DATA_DIR/outbox/, and the folder is capped (OUTBOX_MAX_FILES files and
 * OUTBOX_MAX_BYTES bytes, oldest purged at start and after each write) so it cannot fill the
 * disk. Its action link is logged at debug level only: an info-level log never carries a link
 * or a token (a local operator reads the .eml file, or runs with LOG_LEVEL=debug).
 * Sending never blocks an answer: callers do not await delivery, and `close()` waits for mails
 * still on their way.
 *
 * Every mail is spent against its budgets first (server/mail-gate.ts): `Mail` is the admitted
 * form, the only one `deps.sendMailInBackground` takes; builders produce a `MailDraft`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

/** What a mail is about: picks its budgets (server/limits/mail-budget.ts). */
export type MailKind = 'welcome' | 'addressInUse' | 'reset' | 'emailConfirm' | 'emailChanged' | 'passwordChanged' | 'undoReset' | 'claim';

export interface MailDraft {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The link the mail is about; logged at debug level by the outbox transport only. */
  link?: string;
}

declare const admitted: unique symbol;
/** A mail whose budgets were spent (server/mail-gate.ts `admitMails`): the only form the app sends. */
export type Mail = MailDraft & { readonly [admitted]: true };

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Folder of .eml files (outbox transport only). */
  readonly outboxDir: string | undefined;
  send(mail: MailDraft): Promise<void>;
  close(): Promise<void>;
}

interface MailLog {
  info(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
}

/** The outbox keeps at most this many .eml files (the newest)… */
export const OUTBOX_MAX_FILES = 500;
/** …and at most this many bytes of them. */
export const OUTBOX_MAX_BYTES = 20 * 1024 * 1024;

export interface MailerOptions {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
  log: MailLog;
  outboxMaxFiles?: number;
  outboxMaxBytes?: number;
}

/**
 * Deletes the oldest .eml files until at most `maxFiles` files and `maxBytes` bytes remain.
 * File names start with their ISO time, so name order is age order. Files another process
 * deleted first are skipped.
 */
export async function purgeOutbox(dir: string, maxFiles: number, maxBytes: number): Promise<number> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const sizes = await Promise.all(names.map((name) => fs.stat(path.join(dir, name)).then((s) => s.size, () => 0)));
  let files = names.length;
  let bytes = sizes.reduce((sum, size) => sum + size, 0);
  let removed = 0;
  for (let i = 0; i < names.length && (files > maxFiles || bytes > maxBytes); i += 1) {
    await fs.rm(path.join(dir, names[i]!), { force: true });
    files -= 1;
    bytes -= sizes[i]!;
    removed += 1;
  }
  return removed;
}

export function createMailer(options: MailerOptions): Mailer {
  const outboxDir = options.smtpUrl ? undefined : path.join(options.dataDir, 'outbox');
  const maxFiles = options.outboxMaxFiles ?? OUTBOX_MAX_FILES;
  const maxBytes = options.outboxMaxBytes ?? OUTBOX_MAX_BYTES;
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const purge = () =>
    outboxDir
      ? purgeOutbox(outboxDir, maxFiles, maxBytes).catch((error: unknown) => {
          options.log.warn?.({ err: error }, 'mail outbox purge failed');
          return 0;
        })
      : Promise.resolve(0);
  let sequence = 0;
  // At start: an outbox left by an older version (or a crash mid-purge) is brought under the cap.
  const started = purge();

  return {
    kind: options.smtpUrl ? 'smtp' : 'outbox',
    outboxDir,
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      if (!outboxDir) return;
      await started;
      await fs.mkdir(outboxDir, { recursive: true });
      // Sortable by time (and by order within one process), unique across processes.
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${String(sequence % 1e6).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`);
      const message = (info as { message?: Buffer | string }).message ?? '';
      await fs.writeFile(file, message);
      await purge();
      options.log.info({ kind: mail.kind, file }, 'mail written to the outbox');
      if (mail.link) options.log.debug?.({ file, link: mail.link }, 'link of the mail written to the outbox');
    },
    async close() {
      await started;
      transport.close();
    },
  };
}
