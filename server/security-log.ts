/**
 * Security log lines: one `security` field naming the event, the account it concerns and the
 * client's address, never a password, token, hash or link. Failures and refusals are warnings
 * (what an operator alerts on); changes an owner made are info.
 */
export type SecurityEvent =
  | 'login failed'
  | 'login brake hit'
  | 'login budget hit'
  | 'logged in'
  | 'account created'
  | 'register with an address in use'
  | 'current password wrong'
  | 'e-mail change requested'
  | 'e-mail changed'
  | 'e-mail change undone'
  | 'password changed'
  | 'password reset'
  | 'token revoked'
  | 'tokens revoked'
  | 'account deleted';

const WARNINGS = new Set<SecurityEvent>(['login failed', 'login brake hit', 'login budget hit', 'current password wrong', 'register with an address in use', 'e-mail change undone']);

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function securityLog(log: Log, event: SecurityEvent, fields: Record<string, string | number | boolean | null | undefined>): void {
  const line = { security: event, ...fields };
  if (WARNINGS.has(event)) log.warn(line, event);
  else log.info(line, event);
}

/** A login name as typed, bounded so a 250-character "username" cannot bloat the log. */
export function typedName(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}…` : value;
}
