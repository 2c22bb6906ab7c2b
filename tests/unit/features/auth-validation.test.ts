import { describe, expect, it } from 'vitest';
import {
  validateEmail,
  validateLogin,
  validateRegister,
  validateReset,
} from '../../../src/features/auth/validation';
import { safeRedirect } from '../../../src/features/auth/redirect';
import { describeAuthError, resetErrorText } from '../../../src/features/auth/errors';
import { ApiError, NetworkError } from '../../../src/sync/engine/api';

describe('login validation', () => {
  it('requires username and password', () => {
    expect(validateLogin({ username: ' ', password: '' })).toEqual(['Username is required.', 'Password is required.']);
  });

  it('accepts a filled form', () => {
    expect(validateLogin({ username: 'ana', password: 'x' })).toEqual([]);
  });
});

describe('register validation', () => {
  it('rejects an e-mail that is not an e-mail', () => {
    expect(validateRegister({ email: 'ana@', username: 'ana', password: 'longenough' })).toEqual([
      'Enter a valid email address.',
    ]);
  });

  it('shows one message per field, in form order', () => {
    expect(validateRegister({ email: '', username: 'a', password: 'short' })).toEqual([
      'Email is required.',
      'Username must be 3 to 32 characters.',
      'Password must be at least 8 characters.',
    ]);
  });

  it('accepts a valid form', () => {
    expect(validateRegister({ email: 'ana@example.com', username: 'ana', password: 'longenough' })).toEqual([]);
  });

  it('validates a lone e-mail (forgot password)', () => {
    expect(validateEmail('nope')).toEqual(['Enter a valid email address.']);
    expect(validateEmail('ana@example.com')).toEqual([]);
  });
});

describe('reset validation', () => {
  it('reports a missing token first', () => {
    expect(validateReset({ token: '', password: 'a', confirm: 'b' })).toEqual(['Password reset token is missing.']);
  });

  it('reports passwords that do not match', () => {
    expect(validateReset({ token: 't', password: 'longenough1', confirm: 'longenough2' })).toEqual([
      'Passwords do not match.',
    ]);
  });

  it('checks the length with the contract', () => {
    expect(validateReset({ token: 't', password: 'short', confirm: 'short' })).toEqual([
      'Password must be at least 8 characters.',
    ]);
    expect(validateReset({ token: 't', password: 'longenough', confirm: 'longenough' })).toEqual([]);
  });

  it('maps a 400 to the invalid-token text and anything else to the generic text', () => {
    expect(resetErrorText(new ApiError(400, { message: 'Invalid or expired token.' }))).toBe(
      'Failed to reset password. Invalid or expired token.',
    );
    expect(resetErrorText(new ApiError(500, undefined))).toBe('An unexpected error occurred. Please try again.');
    expect(resetErrorText(new NetworkError(new TypeError('offline')))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});

describe('auth error text', () => {
  it("prefers the server's message", () => {
    expect(describeAuthError(new ApiError(401, { message: 'Invalid username or password.' }))).toBe(
      'Invalid username or password.',
    );
  });

  it('explains a network failure', () => {
    expect(describeAuthError(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
  });

  it("falls back to the error's own message", () => {
    expect(describeAuthError(new ApiError(502, undefined, 'Bad Gateway'))).toBe('Bad Gateway');
  });
});

describe('redirect after login', () => {
  it.each([
    ['/profile', '/profile'],
    ['/game/abc?x=1#top', '/game/abc?x=1#top'],
    [undefined, '/dashboard'],
    ['', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example/', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['/login', '/dashboard'],
    ['/login?redirect=/profile', '/dashboard'],
    ['/reset-password/abc', '/dashboard'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
