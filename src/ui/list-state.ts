/**
 * Loading vs empty vs failed (docs/architecture.md, "Conventions"): rows in the mirror always
 * show; without rows, a list never loaded is loading, a loaded one is empty, and a recorded
 * pull error is the screen's error text.
 */
import type { PullState } from '../sync/engine/pull';

export type ListState = 'loading' | 'error' | 'empty' | 'ready';

export function listState(rows: readonly unknown[] | undefined, pull: PullState | undefined): ListState {
  if (rows === undefined) return 'loading';
  if (rows.length > 0) return 'ready';
  if (pull === undefined) return 'loading';
  if (pull.error) return 'error';
  return pull.loadedAt === null ? 'loading' : 'empty';
}
