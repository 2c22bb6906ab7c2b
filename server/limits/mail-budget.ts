/**
 * Budgets of outgoing mail, spent by server/mail-gate.ts for every mail the server sends:
 * - per recipient: keyed by a SHA-256 of the normalised address (`recipientKey`), and per class
 *   of mail, so mails a stranger can cause (claims, "address in use" notes) never use up the
 *   budget of the mails an owner needs (reset links, the undo link of an e-mail change):
 *     notice  5/h   welcome, "your address was used" (anyone can register or aim a change at it)
 *     confirm 5/h   the confirmation link of an e-mail change, to the new address
 *     reset   5/h   forgot-password links (over it: see server/auth/reset-routes.ts)
 *     account 20/h  mails only the account's own proven actions cause (password changed,
 *                   e-mail changed with its undo link, the reset link after an undo)
 *     claim   20/day guest claim links of games (anyone signed in can type any address)
 * - per sender (the account, or the address of a request without one): 50 mails/h across kinds;
 * - e-mail changes started per account: 5/h, whichever route starts them.
 * Every count is exact (no lease) and multiplied by RATE_LIMIT_SCALE, like the write budgets.
 */
import { createHash } from 'node:crypto';
import { ServerText } from '../../src/contract/users';
import { HttpError } from '../errors';
import type { MailKind } from '../mail';
import { Limiter } from './limiter';
import { scaled } from './policies';
import type { LimitBackend, LimitSpec } from './store';

export type RecipientClass = 'notice' | 'confirm' | 'reset' | 'account' | 'claim';

export const MAIL_CLASS: Record<MailKind, RecipientClass> = {
  welcome: 'notice',
  addressInUse: 'notice',
  emailConfirm: 'confirm',
  reset: 'reset',
  passwordChanged: 'account',
  emailChanged: 'account',
  undoReset: 'account',
  claim: 'claim',
};

export interface MailBudgetSettings {
  perRecipient: Record<RecipientClass, LimitSpec>;
  perSender: LimitSpec;
  emailChangesPerAccount: LimitSpec;
}

const HOUR = 60 * 60;

export const DEFAULT_MAIL_BUDGET: MailBudgetSettings = {
  perRecipient: {
    notice: { points: 5, durationSeconds: HOUR },
    confirm: { points: 5, durationSeconds: HOUR },
    reset: { points: 5, durationSeconds: HOUR },
    account: { points: 20, durationSeconds: HOUR },
    claim: { points: 20, durationSeconds: 24 * HOUR },
  },
  perSender: { points: 50, durationSeconds: HOUR },
  emailChangesPerAccount: { points: 5, durationSeconds: HOUR },
};

export const MailBudgetText = {
  tooManyEmailChanges: 'Too many e-mail changes. Please wait and try again later.',
  tooManyMails: 'Too many mails sent. Please wait and try again later.',
} as const;

const PLUS_TAG_DOMAINS_DROP_DOTS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, one key: trimmed, NFKC, lower-cased, a "+tag" cut from the local part (most
 * providers deliver it to the same mailbox), and for Gmail the dots too. Hashed, so no counter
 * store holds an address.
 */
export function recipientKey(address: string): string {
  const normalised = address.normalize('NFKC').trim().toLowerCase();
  const at = normalised.lastIndexOf('@');
  let local = at < 0 ? normalised : normalised.slice(0, at);
  let domain = at < 0 ? '' : normalised.slice(at + 1);
  local = local.split('+')[0]!;
  if (PLUS_TAG_DOMAINS_DROP_DOTS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return createHash('sha256').update(`${local}@${domain}`).digest('base64url');
}

export type MailSpend = { ok: true } | { ok: false; over: 'sender' | 'recipient'; retryAfterSeconds: number };

export class MailBudget {
  private readonly recipients = new Map<RecipientClass, Limiter>();
  private readonly sender: Limiter;
  readonly emailChanges: Limiter;

  constructor(backend: LimitBackend, settings: MailBudgetSettings, scale = 1) {
    for (const [cls, spec] of Object.entries(settings.perRecipient) as Array<[RecipientClass, LimitSpec]>) {
      this.recipients.set(cls, new Limiter(backend, `mail-to-${cls}`, scaled(spec, scale), ServerText.tooManyRequests));
    }
    this.sender = new Limiter(backend, 'mail-from', scaled(settings.perSender, scale), MailBudgetText.tooManyMails);
    this.emailChanges = new Limiter(backend, 'email-change', scaled(settings.emailChangesPerAccount, scale), MailBudgetText.tooManyEmailChanges);
  }

  /** Spends `points` mails of a sender (`user:<id>` or `ip:<address>`). */
  async spendSender(sender: string, points: number): Promise<MailSpend> {
    return spent(() => this.sender.consume(sender, points));
  }

  /** Spends one mail of `kind` to `to`. */
  async spendRecipient(kind: MailKind, to: string): Promise<MailSpend> {
    const limiter = this.recipients.get(MAIL_CLASS[kind])!;
    return spent(() => limiter.consume(`${MAIL_CLASS[kind]}:${recipientKey(to)}`), 'recipient');
  }
}

async function spent(consume: () => Promise<unknown>, over: 'sender' | 'recipient' = 'sender'): Promise<MailSpend> {
  try {
    await consume();
    return { ok: true };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
    return { ok: false, over, retryAfterSeconds: Number(error.headers['retry-after'] ?? 60) };
  }
}
