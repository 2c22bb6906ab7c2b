/** Toasts: the same text shows once; closing it closes its copies. */
import { describe, expect, it } from 'vitest';
import { sameTextIds, visibleToasts } from '../../../src/features/shell/toast-dedup';
import type { Toast } from '../../../src/stores/ui';

const toast = (id: string, title: string, extra: Partial<Toast> = {}): Toast => ({ id, title, variant: 'info', persistent: false, open: true, createdAt: 0, ...extra });

describe('toast de-duplication', () => {
  it('shows each open text once, the newest copy where it stands', () => {
    const toasts = [toast('1', 'Invitation sent!'), toast('2', 'Member removed.'), toast('3', 'Invitation sent!'), toast('4', 'Gone', { open: false })];
    expect(visibleToasts(toasts).map((each) => each.id)).toEqual(['2', '3']);
  });

  it('tells toasts apart by their description too', () => {
    const toasts = [toast('1', 'Failed', { description: 'A' }), toast('2', 'Failed', { description: 'B' })];
    expect(visibleToasts(toasts).map((each) => each.id)).toEqual(['1', '2']);
  });

  it('closes every open copy of a text together', () => {
    const toasts = [toast('1', 'Saved'), toast('2', 'Saved'), toast('3', 'Other'), toast('4', 'Saved', { open: false })];
    expect(sameTextIds(toasts, '2')).toEqual(['1', '2']);
  });
});
