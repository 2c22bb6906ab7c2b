/**
 * The message box of direct and pod chats. The button is disabled while a send runs and
 * while the box is empty; whitespace-only is caught on submit (`blankError`, or silently
 * ignored when none: pod chat). At most MESSAGE_MAX_LENGTH characters, with the remaining
 * count shown near the limit. Enter sends, Shift+Enter starts a new line. The box has no resize
 * grip: it grows with its text up to a few lines (composer-input's max-height), then scrolls.
 * Docked at the bottom of its chat (chats.css, `.chat--thread`); toasts float above it.
 */
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isValidationError } from '../../contract/validation';
import { MESSAGE_MAX_LENGTH } from '../../contract/limits';
import { useToastsAbove } from '../../ui/use-toasts-above';

/** Show "N characters left" from this many remaining characters down. */
export const REMAINING_WARNING_AT = 100;

interface ComposerProps {
  onSend(content: string): Promise<unknown>;
  /** Shown when the box holds only whitespace; without it, blank input is simply not sent. */
  blankError?: string;
  /** Shown when the send itself throws (local validation aside). */
  failureText: string;
  placeholder?: string;
}

export function Composer({ onSend, blankError, failureText, placeholder = 'Write a message' }: ComposerProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remaining = MESSAGE_MAX_LENGTH - draft.length;
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useToastsAbove(formRef);

  // Grow with the text: measured from one line each time, so deleting lines shrinks it again.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.style.height = 'auto';
    if (box.scrollHeight > box.clientHeight) box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
  }, [draft]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (sending) return;
    if (!draft.trim()) {
      setError(blankError ?? null);
      return;
    }
    setError(null);
    setSending(true);
    // The box empties at once: whatever is typed while the write is recorded is the next
    // message, not wiped when this one settles. A refused write puts its text back.
    const content = draft.trim();
    setDraft('');
    try {
      await onSend(content);
    } catch (caught) {
      setDraft((current) => current || content);
      setError(isValidationError(caught) ? (caught.issues[0]?.message ?? failureText) : failureText);
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form ref={formRef} className="composer" onSubmit={(event) => void submit(event)} noValidate>
      {error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="composer-row">
        <label htmlFor={`${id}-input`} className="visually-hidden">
          Message
        </label>
        <textarea
          id={`${id}-input`}
          ref={boxRef}
          className="composer-input"
          rows={1}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : '', remaining <= REMAINING_WARNING_AT ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button" disabled={sending || draft.length === 0}>
          Send
        </button>
      </div>
      {remaining <= REMAINING_WARNING_AT ? (
        <p id={`${id}-count`} className={remaining === 0 ? 'composer-count composer-count--full' : 'composer-count muted'}>
          {remaining === 1 ? '1 character left' : `${remaining} characters left`}
        </p>
      ) : null}
    </form>
  );
}
