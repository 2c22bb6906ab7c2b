/** 'Create pod': a name, validated like the server does ('Pod name cannot be empty.'). */
import { useState, type FormEvent } from 'react';
import { isValidationError } from '../../contract/validation';
import { POD_NAME_MAX_LENGTH, podName } from '../../contract/social';
import { actions, newId } from '../../sync/app';
import { Field } from '../auth/field';
import { CREATE_FAILED } from './pod-texts';

export function CreatePodForm({ onCreated }: { onCreated?(podId: string): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = podName.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      const id = await actions.mutate('pod.create', { id: newId(), name: parsed.data });
      setName('');
      onCreated?.(id);
    } catch (caught) {
      const detail = isValidationError(caught) ? caught.issues[0]?.message : caught instanceof Error ? caught.message : undefined;
      setFailure(detail ? `${CREATE_FAILED} ${detail}` : CREATE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-pod-title">
      <h2 id="create-pod-title">Create a pod</h2>
      {failure ? (
        <p role="alert" className="alert alert--error">
          {failure}
        </p>
      ) : null}
      <div className="inline-form-row">
        <Field
          id="pod-name"
          label="Pod name"
          value={name}
          maxLength={POD_NAME_MAX_LENGTH}
          autoComplete="off"
          error={error}
          onValueChange={(value) => {
            setName(value);
            if (error) setError(undefined);
          }}
        />
        <button type="submit" className="button" disabled={busy}>
          Create pod
        </button>
      </div>
    </form>
  );
}
