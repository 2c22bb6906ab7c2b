/** The recent toasts, newest first (More menu → Notifications). */
import * as Dialog from '@radix-ui/react-dialog';
import { useUiStore } from '../../stores/ui';

export function NotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const toasts = useUiStore((state) => state.toasts);
  const newestFirst = [...toasts].reverse();

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>Notifications</Dialog.Title>
          {newestFirst.length === 0 ? (
            <p className="muted">No notifications yet.</p>
          ) : (
            <ul className="notification-list">
              {newestFirst.map((toast) => (
                <li key={toast.id} className={`notification notification--${toast.variant}`}>
                  <span>{toast.title}</span>
                  {/* A dismissed update banner must stay actionable. */}
                  {toast.action ? (
                    <button type="button" className="button button--secondary" onClick={toast.action.onClick}>
                      {toast.action.label}
                    </button>
                  ) : null}
                  <time className="muted" dateTime={new Date(toast.createdAt).toISOString()}>
                    {new Date(toast.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
                  </time>
                </li>
              ))}
            </ul>
          )}
          <div className="dialog-actions">
            <Dialog.Close className="button button--secondary">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
