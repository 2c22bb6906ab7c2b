/**
 * The frame of the account-security dialogs: a Radix dialog with a form, its errors above it
 * (spec: errors in red above the form) and, once the server has answered, its message and a
 * Done button instead of the form. A tap outside does not close it (a half-typed password).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent, type ReactNode } from 'react';
import { describeAuthError } from '../auth/errors';
import { FormAlert } from '../auth/form-alert';

interface AccountDialogProps {
  title: string;
  description: string;
  submitLabel: string;
  trigger: string;
  /** Client-side problems (empty: send). */
  validate(): string[];
  /** Sends; resolves with the message to show. */
  submit(): Promise<string>;
  onClosed(): void;
  children: ReactNode;
}

export function AccountDialog({ title, description, submitLabel, trigger, validate, submit, onClosed, children }: AccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setErrors([]);
      setDone(null);
      onClosed();
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validate();
    setErrors(invalid);
    if (invalid.length > 0) return;
    setBusy(true);
    try {
      setDone(await submit());
    } catch (error) {
      setErrors([describeAuthError(error)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="button button--secondary">{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" onInteractOutside={(event) => event.preventDefault()}>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description className="muted">{description}</Dialog.Description>
          {done ? (
            <>
              <p role="status" className="alert alert--success">
                {done}
              </p>
              <div className="dialog-actions">
                <Dialog.Close className="button">Done</Dialog.Close>
              </div>
            </>
          ) : (
            <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
              <FormAlert messages={errors} />
              {children}
              <div className="dialog-actions">
                <Dialog.Close type="button" className="button button--secondary">
                  Cancel
                </Dialog.Close>
                <button type="submit" className="button" disabled={busy}>
                  {submitLabel}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
