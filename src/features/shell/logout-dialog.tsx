/** Confirms a logout that would drop writes the server has not accepted yet. */
import * as Dialog from '@radix-ui/react-dialog';
import { unsentChangesText } from '../auth/logout-text';

interface LogoutDialogProps {
  count: number | null;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function LogoutDialog({ count, busy, onConfirm, onCancel }: LogoutDialogProps) {
  return (
    <Dialog.Root open={count !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog">
          <Dialog.Title>Log out?</Dialog.Title>
          <Dialog.Description>{unsentChangesText(count ?? 0)}</Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
            <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
              Log out anyway
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
