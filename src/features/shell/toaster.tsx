/**
 * Puts the toasts beside every page. The toast code (Radix Toast, toast-list.tsx) is fetched when
 * the first toast opens, not with the first paint (docs/first-load.md); from then on it stays
 * mounted, so later toasts show at once and closing ones can animate out.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useUiStore } from '../../stores/ui';

const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

export function Toaster({ children }: { children: ReactNode }) {
  const hasToasts = useUiStore((state) => state.toasts.length > 0);
  return (
    <>
      {children}
      {hasToasts ? (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      ) : null}
    </>
  );
}
