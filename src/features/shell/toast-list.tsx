/**
 * The open toasts of the ui store, rendered with Radix Toast (focusable region, swipe, F8).
 * Loaded by toaster.tsx when the first toast opens.
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { useUiStore } from '../../stores/ui';

/** How long a normal toast stays; persistent ones stay until acted on. */
const TOAST_DURATION_MS = 5000;

export function ToastList() {
  const toasts = useUiStore((state) => state.toasts);
  const dismissToast = useUiStore((state) => state.dismissToast);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="down" label="Notification">
      {toasts
        .filter((toast) => toast.open)
        .map((toast) => (
          <ToastPrimitive.Root
            key={toast.id}
            className={`toast toast--${toast.variant}`}
            duration={toast.persistent ? Infinity : TOAST_DURATION_MS}
            type={toast.variant === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(toast.id);
            }}
          >
            <ToastPrimitive.Title className="toast-title">{toast.title}</ToastPrimitive.Title>
            {toast.description ? (
              <ToastPrimitive.Description className="toast-description">{toast.description}</ToastPrimitive.Description>
            ) : null}
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
      <ToastPrimitive.Viewport className="toast-viewport" />
    </ToastPrimitive.Provider>
  );
}
