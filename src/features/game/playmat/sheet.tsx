/** A titled Radix dialog over the playmat (events, table tools, end of game): focus trapped, Escape closes. */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface SheetProps {
  open: boolean;
  title: string;
  description?: string;
  onClose(): void;
  children: ReactNode;
  /** Shown after the content; a Close button when absent; null when the content has its own. */
  actions?: ReactNode | null;
}

export function Sheet({ open, title, description, onClose, children, actions }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog sheet">
          <Dialog.Title>{title}</Dialog.Title>
          {description ? <Dialog.Description className="muted">{description}</Dialog.Description> : <Dialog.Description className="visually-hidden">{title}</Dialog.Description>}
          {children}
          {actions === null ? null : (
            <div className="dialog-actions">
              {actions ?? (
                <Dialog.Close type="button" className="button button--secondary">
                  Close
                </Dialog.Close>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
