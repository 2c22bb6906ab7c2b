// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createUiStore } from '../../../src/stores/ui';

describe('ui store: theme', () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it('is dark by default', () => {
    expect(createUiStore().getState().theme).toBe('dark');
  });

  it('persists the chosen theme under "theme" and sets data-theme on <html>', () => {
    const store = createUiStore();
    store.getState().setTheme('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(createUiStore().getState().theme).toBe('light');
  });

  it('toggles between dark and light', () => {
    const store = createUiStore();
    store.getState().toggleTheme();
    expect(store.getState().theme).toBe('light');
    store.getState().toggleTheme();
    expect(store.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('theme', 'sepia');
    expect(createUiStore().getState().theme).toBe('dark');
  });
});

describe('ui store: toasts', () => {
  it('keeps at most 20 toasts, dropping the oldest', () => {
    const store = createUiStore();
    for (let i = 1; i <= 25; i += 1) store.getState().showToast({ title: `Toast ${i}` });
    const titles = store.getState().toasts.map((toast) => toast.title);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Toast 6');
    expect(titles[19]).toBe('Toast 25');
  });

  it('a dismissed toast closes but stays listed', () => {
    const store = createUiStore();
    const id = store.getState().showToast({ title: 'Saved' });
    store.getState().dismissToast(id);
    expect(store.getState().toasts).toEqual([expect.objectContaining({ title: 'Saved', open: false })]);
  });
});
