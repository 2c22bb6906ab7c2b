/**
 * A pod's description under its name ('Description: …'), and for the pod's owner an Edit
 * control: the text is checked like the server checks it (single line, at most
 * POD_DESCRIPTION_MAX_LENGTH characters; empty clears it) and saved as pod.describe, offline
 * too. A refused change shows on the pod like any other write about it (PodFailure).
 */
import { useState, type FormEvent } from 'react';
import { POD_DESCRIPTION_MAX_LENGTH, podDescription } from '../../contract/social';
import type { PodRow } from '../../db/schema';
import { actions } from '../../sync/app';
import { Field } from '../auth/field';
import { DESCRIBE_FAILED } from './pod-texts';

export function PodDescription({ pod, isOwner }: { pod: PodRow; isOwner: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = podDescription.safeParse(draft ?? '');
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await actions.mutate('pod.describe', { podId: pod.id, description: draft ?? '' });
      setDraft(null);
      setError(undefined);
    } catch {
      setError(DESCRIBE_FAILED);
    }
  }

  if (draft !== null) {
    return (
      <form className="inline-form" onSubmit={(event) => void save(event)} noValidate aria-label="Edit description">
        <Field
          id="pod-description"
          label="Description"
          value={draft}
          maxLength={POD_DESCRIPTION_MAX_LENGTH}
          autoComplete="off"
          error={error}
          onValueChange={(value) => {
            setDraft(value);
            if (error) setError(undefined);
          }}
        />
        <div className="button-row">
          <button type="submit" className="button">
            Save
          </button>
          <button type="button" className="button button--secondary" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  if (!pod.description && !isOwner) return null;
  return (
    <p className="pod-description">
      {pod.description ? (
        <>
          <span className="muted">Description:</span> {pod.description}
        </>
      ) : isOwner ? (
        <span className="muted">No description.</span>
      ) : null}
      {isOwner ? (
        <button type="button" className="button button--secondary" aria-label="Edit description" onClick={() => setDraft(pod.description ?? '')}>
          Edit
        </button>
      ) : null}
    </p>
  );
}
