/**
 * The profile form's state: a draft over the mirror row, saved PROFILE_AUTOSAVE_MS after the
 * last change (the spec's profile update call) through actions.mutate('profile.update'), and once more when the form
 * unmounts with changes left. The mirror never overwrites a field while it is a draft.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_AUTOSAVE_MS } from '../../contract/limits';
import type { UserRow } from '../../db/schema';
import { actions } from '../../sync/app';
import { planSave, valuesOf, withoutSettled, type ProfileErrors, type ProfileField, type ProfileValues } from './profile-draft';

export type SavePhase = 'idle' | 'editing' | 'saving' | 'saved' | 'error';

export function useProfileDraft(user: UserRow) {
  const saved = valuesOf(user);
  const [draft, setDraft] = useState<Partial<ProfileValues>>({});
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [phase, setPhase] = useState<SavePhase>('idle');
  const latest = useRef({ saved, draft });
  useEffect(() => {
    latest.current = { saved, draft };
  });

  const flush = useCallback(async () => {
    const plan = planSave(latest.current.saved, latest.current.draft);
    setErrors(plan.errors);
    const hasErrors = Object.keys(plan.errors).length > 0;
    if (Object.keys(plan.patch).length === 0) {
      setDraft((current) => withoutSettled(current, plan.settled));
      setPhase((current) => (hasErrors ? 'idle' : current === 'editing' ? 'idle' : current));
      return;
    }
    setPhase('saving');
    try {
      await actions.mutate('profile.update', plan.patch);
      setDraft((current) => withoutSettled(current, plan.settled));
      setPhase('saved');
    } catch (error) {
      // The spec's error catalogue: auto-save failures are only logged; the form still says so.
      console.error('Profile auto-save failed.', error);
      setPhase('error');
    }
  }, []);

  const hasDraft = Object.keys(draft).length > 0;
  useEffect(() => {
    if (!hasDraft) return;
    const timer = setTimeout(() => void flush(), PROFILE_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft, hasDraft, flush]);

  useEffect(
    () => () => {
      if (Object.keys(latest.current.draft).length > 0) void flush();
    },
    [flush],
  );

  const change = useCallback((field: ProfileField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setPhase('editing');
  }, []);

  return { values: { ...saved, ...draft }, errors, phase, change };
}
