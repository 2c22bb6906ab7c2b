/**
 * Which toasts show: the open ones, each text once. A toast whose title and description equal an
 * open one's (the same failure reported twice, a second 'Invitation sent!') replaces it instead
 * of stacking under it: the newest of them shows, where the newest stands, and closing it closes
 * them all. The store keeps every toast for the Notifications list.
 */
import type { Toast } from '../../stores/ui';

/** Two toasts with the same text are the same toast to the eye. */
export function toastText(toast: Pick<Toast, 'title' | 'description'>): string {
  return `${toast.title}\n${toast.description ?? ''}`;
}

/** The open toasts, oldest first, keeping only the newest of each text. */
export function visibleToasts(toasts: readonly Toast[]): Toast[] {
  const open = toasts.filter((toast) => toast.open);
  const newest = new Map<string, Toast>();
  for (const toast of open) newest.set(toastText(toast), toast);
  return open.filter((toast) => newest.get(toastText(toast)) === toast);
}

/** The ids to dismiss when the shown toast `id` closes: every open toast with its text. */
export function sameTextIds(toasts: readonly Toast[], id: string): string[] {
  const closing = toasts.find((toast) => toast.id === id);
  if (!closing) return [id];
  const text = toastText(closing);
  return toasts.filter((toast) => toast.open && toastText(toast) === text).map((toast) => toast.id);
}
