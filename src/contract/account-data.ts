/**
 * Account deletion and data export (Profile → Settings). Both are online only: the app never
 * queues them. What deletion does to what the account left in shared places is written down in
 * docs/security.md ("What deletion does").
 */
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from './limits';

/** How everyone else sees a deleted account: its messages and seats stay under this name. */
export const DELETED_USER_NAME = 'Deleted user';

/** DELETE /api/users/me: the current password as a re-authentication (never validated beyond its length). */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: 'Enter your password.' })
    .check(z.minLength(1, 'Enter your password.'), z.maxLength(PASSWORD_MAX_LENGTH, 'Enter your password.')),
});

export const AccountDataText = {
  deleted: 'Your account has been deleted.',
  /** The export's own budget (it reads everything the account has). */
  exportBudget: 'You can download your data 5 times an hour. Try again later.',
} as const;

/** The export's top level (GET /api/users/me/export); the parts are the API's own shapes. */
export const accountExportSchema = z.object({
  format: z.literal('podtable-export-1'),
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.nullable(z.string()),
    email: z.string(),
    createdAt: z.string(),
  }),
  friends: z.array(z.unknown()),
  friendRequests: z.array(z.unknown()),
  blockedUsers: z.array(z.unknown()),
  decks: z.array(z.unknown()),
  directMessages: z.array(z.unknown()),
  pods: z.array(z.unknown()),
  games: z.array(z.unknown()),
  /** How far the account has read each conversation and pod (src/contract/read-markers.ts). */
  readMarkers: z.array(z.unknown()),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
