/**
 * The landing page's 'Learn More' modal (Radix Dialog: title, close button, focus trap). Loaded
 * only when asked for (learn-more.tsx), so the landing page's first paint carries no dialog code.
 * The button that opened it is outside this module, so focus goes back to it explicitly.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { BLURBS } from './blurbs';

export interface LearnMoreDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export function LearnMoreDialog({ open, onOpenChange, returnFocusTo }: LearnMoreDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog dialog--wide"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title>About PodTable</Dialog.Title>
          <Dialog.Description className="muted">
            PodTable is the companion app for Commander players who meet in regular groups.
          </Dialog.Description>
          {BLURBS.map((blurb) => (
            <section key={blurb.title} className="learn-more-section">
              <h3>{blurb.title}</h3>
              <p>{blurb.detail}</p>
            </section>
          ))}
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">Close</Dialog.Close>
            <Link to="/register" className="button">
              Create an account
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
