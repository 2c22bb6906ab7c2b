/**
 * The open toasts of the ui store, rendered with Radix Toast (focusable region, swipe, F8).
 * Loaded by toaster.tsx when the first toast opens.
 * Each text shows once (toast-dedup.ts). A toast never covers an open dialog: while one is open
 * the toasts move into it, at its top, in the dialog's own flow (a modal dialog also hides the
 * rest of the page from screen readers and pointers, so a toast outside it could be neither
 * heard nor dismissed); they move back under the page when it closes.
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useUiStore } from '../../stores/ui';
import { sameTextIds, visibleToasts } from './toast-dedup';
import { useOpenDialog } from './use-open-dialog';

/** How long a normal toast stays; persistent ones stay until acted on. */
const TOAST_DURATION_MS = 5000;

/** A host for the toasts at the top of the open dialog, made while it is open. */
function useDialogHost(dialog: HTMLElement | null): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!dialog) {
      setHost(null);
      return;
    }
    const element = document.createElement('div');
    element.className = 'toast-dialog-host';
    dialog.prepend(element);
    setHost(element);
    return () => element.remove();
  }, [dialog]);
  return host;
}

export function ToastList() {
  const toasts = useUiStore((state) => state.toasts);
  const dismissToast = useUiStore((state) => state.dismissToast);
  const shown = visibleToasts(toasts);
  const dialog = useOpenDialog(shown.length > 0);
  const host = useDialogHost(dialog);

  const viewport = <ToastPrimitive.Viewport className={host ? 'toast-viewport toast-viewport--in-dialog' : 'toast-viewport'} />;
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="down" label="Notification">
      {shown.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          className={`toast toast--${toast.variant}`}
          duration={toast.persistent ? Infinity : TOAST_DURATION_MS}
          type={toast.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (open) return;
            for (const id of sameTextIds(useUiStore.getState().toasts, toast.id)) dismissToast(id);
          }}
        >
          <ToastPrimitive.Title className="toast-title">{toast.title}</ToastPrimitive.Title>
          {toast.description ? <ToastPrimitive.Description className="toast-description">{toast.description}</ToastPrimitive.Description> : null}
          {toast.action ? (
            <ToastPrimitive.Action asChild altText={toast.action.altText}>
              <button type="button" className="button" onClick={toast.action.onClick}>
                {toast.action.label}
              </button>
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close className="toast-close" aria-label="Dismiss">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {host ? createPortal(viewport, host) : viewport}
    </ToastPrimitive.Provider>
  );
}
