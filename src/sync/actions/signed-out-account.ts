/**
 * The account calls made with no session (sign up, forgot and reset password): HTTP only, no
 * mirror, so those pages load no Dexie and not the sync layer (docs/first-load.md). Logging in
 * writes the mirror and goes through `loadSync()` instead.
 */
import type { RegisterBody } from '../../contract/users';
import { createApiClient } from '../engine/api';
import * as auth from './auth';

const ctx = { api: createApiClient({ getToken: () => null }) };

/** @public (loaded by src/features/auth/submit-code.ts through a dynamic import) */
export const accountActions = {
  register: (body: RegisterBody) => auth.register(ctx, body),
  forgotPassword: (email: string) => auth.forgotPassword(ctx, email),
  resetPassword: (token: string, newPassword: string) => auth.resetPassword(ctx, token, newPassword),
};
