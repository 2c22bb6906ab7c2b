/**
 * The one way out for mail: every mail spends its budgets here (server/limits/mail-budget.ts)
 * before `deps.sendMailInBackground` may take it (only this module makes the `Mail` it takes).
 * - The sender's budget (`user:<id>`, or `ip:<address>` for a request without an account) is
 *   spent once for the whole group of mails an action causes, before any recipient's.
 *   Over it, `refuse` throws the 429 (the sender is the user acting, so telling them is
 *   right: claim mails of a new game), `drop` sends nothing and answers as usual (telling
 *   would leak: register's notes, forgot-password, the two answers of an e-mail change).
 *   `sender: null` spends no sender budget: mails to an account's own address that only its
 *   own proven action causes (password changed, e-mail changed and its undo), bounded by that
 *   action's budget, so nobody can silence them by spending a sender budget first.
 * - Each recipient's budget (per class of mail, by a hash of the normalised address): over it
 *   the mail is silently not sent and the request still succeeds, because a recipient's budget
 *   is spent by other people's requests: refusing would let a flood block a real sender, and
 *   would tell the sender about someone else's mailbox.
 * Drops are logged at info with the kind and the reason, never the address.
 */
import type { AppDeps } from './deps';
import { tooManyRequests } from './errors';
import { MailBudgetText } from './limits/mail-budget';
import type { Mail, MailDraft } from './mail';

interface GateLog {
  info(obj: object, msg: string): void;
}

export interface MailSending {
  /** `user:<id>` or `ip:<address>`; null for the account-own mails described above. */
  sender: string | null;
  overSender: 'refuse' | 'drop';
  log?: GateLog;
  /**
   * Asked when a recipient's budget is spent: true sends the mail anyway. Forgot-password uses
   * it to send a link when the account holds no usable one (server/auth/reset-routes.ts).
   */
  overRecipient?: (draft: MailDraft) => Promise<boolean>;
}

type GateDeps = Pick<AppDeps, 'limits'>;

/** Spends the budgets of `drafts` and answers the ones that may be sent (see above). */
export async function admitMails(deps: GateDeps, drafts: MailDraft[], how: MailSending): Promise<Mail[]> {
  if (drafts.length === 0) return [];
  if (how.sender !== null) {
    const spent = await deps.limits.mail.spendSender(how.sender, drafts.length);
    if (!spent.ok) {
      if (how.overSender === 'refuse') throw tooManyRequests(MailBudgetText.tooManyMails, spent.retryAfterSeconds);
      how.log?.info({ kinds: drafts.map((d) => d.kind), reason: 'sender budget' }, 'mail not sent');
      return [];
    }
  }
  const admitted: Mail[] = [];
  for (const draft of drafts) {
    const spent = await deps.limits.mail.spendRecipient(draft.kind, draft.to);
    if (spent.ok || (await how.overRecipient?.(draft))) admitted.push(draft as Mail);
    else how.log?.info({ kind: draft.kind, reason: 'recipient budget' }, 'mail not sent');
  }
  return admitted;
}

/** `admitMails`, then sends the admitted ones in the background. */
export async function sendMails(deps: GateDeps & Pick<AppDeps, 'sendMailInBackground'>, drafts: MailDraft[], how: MailSending): Promise<void> {
  for (const mail of await admitMails(deps, drafts, how)) deps.sendMailInBackground(mail);
}
