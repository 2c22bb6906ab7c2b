// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../../src/stores/session';

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('starts logged out when localStorage has no token', () => {
    const store = createSessionStore();
    expect(store.getState().isLoggedIn).toBe(false);
    expect(store.getState().token).toBeNull();
  });

  it('starts logged in from the token stored under "token"', () => {
    localStorage.setItem('token', 'abc');
    const store = createSessionStore();
    expect(store.getState()).toMatchObject({ token: 'abc', isLoggedIn: true });
  });

  it('signIn stores the token under "token"', () => {
    const store = createSessionStore();
    store.getState().signIn('t-1');
    expect(localStorage.getItem('token')).toBe('t-1');
    expect(store.getState().isLoggedIn).toBe(true);
  });

  it('clear removes the token and logs out', () => {
    localStorage.setItem('token', 'abc');
    const store = createSessionStore();
    store.getState().clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState()).toMatchObject({ token: null, isLoggedIn: false });
  });

  it('syncFromStorage follows a token removed elsewhere (another tab logged out)', () => {
    localStorage.setItem('token', 'abc');
    const store = createSessionStore();
    localStorage.removeItem('token');
    expect(store.getState().syncFromStorage()).toBe(false);
    expect(store.getState().isLoggedIn).toBe(false);
  });
});
