/**
 * The HMAC key of live tickets: LIVE_TICKET_SECRET when set (several machines), else a random
 * key generated at the first start and kept in DATA_DIR/live-ticket.secret (mode 0600), which
 * every process sharing that DATA_DIR reads. Creation is atomic (write a temporary file, then
 * hard-link it into place, which fails if another process won), so processes starting
 * together agree on one key.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const TICKET_SECRET_FILE = 'live-ticket.secret';

export function loadOrCreateTicketSecret(dataDir: string): string {
  const file = path.join(dataDir, TICKET_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} is empty; delete it to have a new key made`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
