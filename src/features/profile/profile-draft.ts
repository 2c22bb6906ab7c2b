/**
 * Pure rules of the auto-saving profile form. Inputs show the user's draft where they have
 * typed and the mirror elsewhere; a save sends only fields that differ from the mirror and
 * pass the contract, and an invalid field (e.g. a half-typed e-mail) stays a draft with an
 * inline error instead of being saved.
 */
import { updateMeBody, type UpdateMeBody } from '../../contract/users';
import type { UserRow } from '../../db/schema';

/** The e-mail is not a draft field: it changes through its own dialog (ChangeEmailDialog). */
export const PROFILE_FIELDS = ['displayName', 'defaultDeckId'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function valuesOf(user: Pick<UserRow, ProfileField>): ProfileValues {
  return { displayName: user.displayName ?? '', defaultDeckId: user.defaultDeckId ?? '' };
}

export interface SavePlan {
  /** What to send; empty when nothing changed. */
  patch: UpdateMeBody;
  /** Draft values that are saved (or equal the mirror) once the patch is recorded. */
  settled: Partial<ProfileValues>;
  errors: ProfileErrors;
}

function toPatchValue(field: ProfileField, value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function planSave(saved: ProfileValues, draft: Partial<ProfileValues>): SavePlan {
  const plan: SavePlan = { patch: {}, settled: {}, errors: {} };
  for (const field of PROFILE_FIELDS) {
    const value = draft[field];
    if (value === undefined) continue;
    const next = toPatchValue(field, value);
    if ((next ?? '') === saved[field]) {
      plan.settled[field] = value;
      continue;
    }
    const checked = updateMeBody.safeParse({ [field]: next });
    if (!checked.success) {
      plan.errors[field] = checked.error.issues[0]?.message ?? 'This value is not valid.';
      continue;
    }
    Object.assign(plan.patch, { [field]: checked.data[field] });
    plan.settled[field] = value;
  }
  return plan;
}

/** Drops settled fields from the draft unless the user typed something else meanwhile. */
export function withoutSettled(draft: Partial<ProfileValues>, settled: Partial<ProfileValues>): Partial<ProfileValues> {
  const next = { ...draft };
  for (const field of PROFILE_FIELDS) {
    if (settled[field] !== undefined && next[field] === settled[field]) delete next[field];
  }
  return next;
}
