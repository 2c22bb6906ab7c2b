/** Payload shapes of the account routes (spec section 7), shared by the app and the server. */
import { z } from 'zod';
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits';

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX_LENGTH, 'Email is too long.')
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const usernameSchema = z
  .string({ error: 'Username is required.' })
  .trim()
  .min(USERNAME_MIN_LENGTH, `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters.`)
  .max(USERNAME_MAX_LENGTH, `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters.`);

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const registerBody = z.object({ email: emailSchema, username: usernameSchema, password: passwordSchema });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  username: z.string({ error: 'Username is required.' }).trim().min(1, 'Username is required.').max(EMAIL_MAX_LENGTH),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBody>;

export const updateMeBody = z.object({
  displayName: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters.`)
    .nullable()
    .optional(),
  email: emailSchema.optional(),
  defaultDeckId: z.string().max(64).nullable().optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });
export const resetPasswordBody = z.object({ newPassword: passwordSchema });

/** What the owner of an account sees of it. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  defaultDeckId: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** What anyone signed in may see of another user: never the e-mail. */
export const publicUserSchema = userSchema.pick({ id: true, username: true, displayName: true, avatarUrl: true });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponse = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Stable texts the server answers with; the UI shows them as they are. */
export const ServerText = {
  invalidCredentials: 'Invalid username or password.',
  forgotPasswordSent: 'If an account exists for that e-mail, we have sent password reset instructions.',
  passwordReset: 'Your password has been reset. You can now log in.',
  invalidResetToken: 'Invalid or expired token.',
  tooManyRequests: 'Too many attempts. Please wait and try again.',
  unauthorized: 'You need to log in.',
} as const;
