/**
 * Client-side checks of the auth forms, with the contract's schemas so the app and the
 * server agree on the rules. Each returns the messages to show above the form (empty = ok).
 */
import { emailSchema, loginBody, passwordSchema, registerBody } from '../../contract/users';
import type { SafeParseResult } from '../../contract/validation';

import { PASSWORDS_DO_NOT_MATCH, RESET_TOKEN_MISSING } from './texts';

export { PASSWORDS_DO_NOT_MATCH, RESET_TOKEN_MISSING };

/** One message per field, in the order of the form. */
function messagesOf(result: SafeParseResult<unknown>): string[] {
  if (result.success) return [];
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field)) continue;
    seen.add(field);
    messages.push(issue.message);
  }
  return messages;
}

export function validateLogin(values: { username: string; password: string }): string[] {
  return messagesOf(loginBody.safeParse(values));
}

export function validateRegister(values: { email: string; username: string; password: string }): string[] {
  return messagesOf(registerBody.safeParse(values));
}

export function validateEmail(email: string): string[] {
  return messagesOf(emailSchema.safeParse(email));
}

export function validateReset(values: { token: string; password: string; confirm: string }): string[] {
  if (!values.token.trim()) return [RESET_TOKEN_MISSING];
  if (values.password !== values.confirm) return [PASSWORDS_DO_NOT_MATCH];
  return messagesOf(passwordSchema.safeParse(values.password));
}
