/** The text of a list that has no rows to show: loading (with a late hint), failed, or empty. */
import { useEffect, useState } from 'react';
import type { ListState } from './list-state';

/** Spec's data cache default "loading timeout 3 seconds": after it, say that we are still at it. */
export const LOADING_TIMEOUT_MS = 3000;
export const STILL_LOADING = 'Still loading…';

export function LoadingText({ text }: { text: string }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p role="status" className="list-status muted">
      {text}
      {late ? <span className="list-status-hint"> {STILL_LOADING}</span> : null}
    </p>
  );
}

export function ErrorText({ text }: { text: string }) {
  return (
    <p role="alert" className="alert alert--error list-status">
      {text}
    </p>
  );
}

interface ListStatusProps {
  state: ListState;
  loading: string;
  error: string;
  empty: string;
  emptyDetail?: string;
}

export function ListStatus({ state, loading, error, empty, emptyDetail }: ListStatusProps) {
  if (state === 'ready') return null;
  if (state === 'loading') return <LoadingText text={loading} />;
  if (state === 'error') return <ErrorText text={error} />;
  return (
    <div className="list-empty">
      <p className="list-empty-title">{empty}</p>
      {emptyDetail ? <p className="muted">{emptyDetail}</p> : null}
    </div>
  );
}
