/** Payload shapes of the account routes (the spec's "Users and auth" calls), shared by the app and the server. */
import * as z from 'zod/mini';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits';
import { isWellFormedText, safeText, TextRuleText } from './text';
import { USERNAME_CHARACTERS_TEXT, usernameCharacterProblem } from './username';

export const emailSchema = z.pipe(
  safeText({ error: 'Email is required.' }).check(z.trim(), z.minLength(1, 'Email is required.'), z.maxLength(EMAIL_MAX_LENGTH, 'Email is too long.')),
  z.email({ error: 'Enter a valid email address.' }),
);

const usernameLength = `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters.`;
/**
 * A username as it is stored: NFKC (full-width and compatibility forms folded), trimmed, then
 * checked by src/contract/username.ts (letters, digits, marks and . _ - only). Uniqueness is
 * the server's, by a confusable-safe key (server/users/username-key.ts).
 */
export const usernameSchema = z.string({ error: 'Username is required.' }).check(
  z.superRefine((value: string, ctx) => {
    if (!isWellFormedText(value)) ctx.addIssue({ code: 'custom', message: TextRuleText.malformed, input: value, abort: true });
  }),
  z.normalize('NFKC'),
  z.trim(),
  z.minLength(USERNAME_MIN_LENGTH, usernameLength),
  z.maxLength(USERNAME_MAX_LENGTH, usernameLength),
  z.refine((value: string) => !usernameCharacterProblem(value), USERNAME_CHARACTERS_TEXT),
);

/** Any characters (a passphrase may hold anything printable), but well-formed: U+0000 is refused by the JSON rule. */
export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .check(
    z.refine(isWellFormedText, TextRuleText.malformed),
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  );

export const registerBody = z.object({ email: emailSchema, username: usernameSchema, password: passwordSchema });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  username: safeText({ error: 'Username is required.' }).check(z.normalize('NFKC'), z.trim(), z.minLength(1, 'Username is required.'), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z
    .string({ error: 'Password is required.' })
    .check(z.refine(isWellFormedText, TextRuleText.malformed), z.minLength(1, 'Password is required.'), z.maxLength(PASSWORD_MAX_LENGTH)),
});

export const updateMeBody = z.object({
  displayName: z.optional(
    z.nullable(
      safeText().check(z.trim(), z.maxLength(DISPLAY_NAME_MAX_LENGTH, `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`)),
    ),
  ),
  /** Changing the e-mail needs the current password (server/users/email-change.ts); the profile uses POST /api/users/me/email. */
  email: z.optional(emailSchema),
  currentPassword: z.optional(z.string().check(z.maxLength(PASSWORD_MAX_LENGTH))),
  defaultDeckId: z.optional(z.nullable(safeText().check(z.maxLength(64)))),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });
export const resetPasswordBody = z.object({ newPassword: passwordSchema });

/** The current password as a re-authentication: required, never validated beyond its length. */
const currentPasswordSchema = z
  .string({ error: 'Enter your current password.' })
  .check(z.minLength(1, 'Enter your current password.'), z.maxLength(PASSWORD_MAX_LENGTH, 'Enter your current password.'));

/** POST /api/users/me/email (online only): starts a change confirmed from the new address. */
export const changeEmailBody = z.object({ email: emailSchema, currentPassword: currentPasswordSchema });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** POST /api/users/me/password (online only). */
export const changePasswordBody = z.object({ currentPassword: currentPasswordSchema, newPassword: passwordSchema });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** What the owner of an account sees of it. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  email: z.string(),
  avatarUrl: z.nullable(z.string()),
  defaultDeckId: z.nullable(z.string()),
  /** The server's revision of this row (+1 per change); the mirror never replaces a newer revision with an older one. */
  rev: z.optional(z.int().check(z.minimum(0))),
});
export type User = z.infer<typeof userSchema>;

/**
 * What anyone signed in may see of another user: never the e-mail. `deleted: true` marks a deleted
 * account (shown as "Deleted user", nothing new can reach it); the key is absent for live accounts.
 */
export const publicUserSchema = z.extend(z.pick(userSchema, { id: true, username: true, displayName: true, avatarUrl: true }), {
  deleted: z.optional(z.boolean()),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponse = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

export const messageResponse = z.object({ message: z.string() });

// Stable texts the server answers with: a leaf module (no schemas), so the service worker's
// HTTP client reads them without bundling the account schemas.
export { ServerText } from './server-text';

/**
 * Texts of the account-security routes (ours: the spec is silent). The register and e-mail
 * change answers are the same whether or not the address already has an account (no
 * enumeration); the owner of a taken address gets a mail instead.
 */
export const AccountText = {
  registered: 'Thanks for signing up! Log in with your username and password. We have sent a mail to the address you gave.',
  emailChangeSent: (email: string) => `We have sent a confirmation link to ${email}. Your e-mail address changes when you open it.`,
  emailChanged: 'Your e-mail address has been changed.',
  emailChangeUndone:
    'Your previous e-mail address is back and every session has been signed out. We have sent it a link to choose a new password.',
  invalidLink: 'This link is invalid or has expired.',
  emailNoLongerAvailable: 'That e-mail address is no longer available.',
  sameEmail: 'That is already your e-mail address.',
  currentPasswordRequired: 'Changing your e-mail needs your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  samePassword: 'The new password must differ from the current one.',
} as const;
