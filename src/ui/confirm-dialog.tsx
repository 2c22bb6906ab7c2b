/**
 * A yes/no question in a Radix alert dialog: focus trapped, Escape cancels. On closing, focus
 * returns to what held it before, unless `onCloseAutoFocus` prevents that and places it (the
 * element that opened it may be gone, as the menu of a message just deleted).
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string;
  onConfirm(): void;
  onCancel(): void;
  onCloseAutoFocus?(event: Event): void;
}

export function ConfirmDialog({ open, title, description, confirmLabel, danger, busy, error, onConfirm, onCancel, onCloseAutoFocus }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {error ? (
            <p role="alert" className="alert alert--error">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
            <button type="button" className={danger ? 'button button--danger' : 'button'} onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
