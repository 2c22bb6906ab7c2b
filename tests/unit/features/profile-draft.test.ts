import { describe, expect, it } from 'vitest';
import { planSave, valuesOf, withoutSettled } from '../../../src/features/profile/profile-draft';
import { checkAvatarFile } from '../../../src/features/profile/avatar-file';
import { deckLineText } from '../../../src/features/dashboard/use-default-deck-line';
import { unsentChangesText } from '../../../src/features/auth/logout-text';

const saved = valuesOf({ displayName: 'Ana', defaultDeckId: null });

describe('profile auto-save plan', () => {
  it('sends only the fields that changed', () => {
    const plan = planSave(saved, { displayName: 'Ana B', defaultDeckId: '' });
    expect(plan.patch).toEqual({ displayName: 'Ana B' });
    expect(plan.errors).toEqual({});
  });

  it('does not save a display name with a control character and explains why', () => {
    const plan = planSave(saved, { displayName: 'Ana\u0007' });
    expect(plan.patch).toEqual({});
    expect(plan.errors).toEqual({ displayName: 'Text cannot contain control characters.' });
  });

  it('sends a cleared display name as null and a cleared deck as null', () => {
    const plan = planSave(valuesOf({ displayName: 'Ana', defaultDeckId: 'd1' }), {
      displayName: '  ',
      defaultDeckId: '',
    });
    expect(plan.patch).toEqual({ displayName: null, defaultDeckId: null });
  });

  it('keeps a draft the user changed again while the save ran', () => {
    expect(withoutSettled({ displayName: 'Ana Be' }, { displayName: 'Ana B' })).toEqual({ displayName: 'Ana Be' });
    expect(withoutSettled({ displayName: 'Ana B' }, { displayName: 'Ana B' })).toEqual({});
  });
});

describe('avatar file check', () => {
  it('accepts png, jpeg, gif and webp', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(checkAvatarFile({ type, size: 1000 })).toBeNull();
    }
  });

  it('rejects other types', () => {
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 1000 })).toBe('Please choose a PNG, JPEG, GIF or WebP image.');
  });

  it('rejects files above the size limit', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 3 * 1024 * 1024 })).toBe('Please choose an image smaller than 2 MB.');
  });
});

describe('dashboard deck line', () => {
  it('covers the four texts of the spec', () => {
    expect(deckLineText(null, undefined)).toBe('No default deck selected.');
    expect(deckLineText('d1', undefined)).toBe('Loading deck...');
    expect(deckLineText('d1', { status: 'missing' })).toBe('Could not load deck');
    expect(deckLineText('d1', { status: 'found', name: 'Atraxa Superfriends' })).toBe('Current Deck: Atraxa Superfriends');
  });
});

describe('logout warning', () => {
  it('counts the unsent changes', () => {
    expect(unsentChangesText(3)).toBe('You have 3 unsent changes. If you log out now they will be lost.');
    expect(unsentChangesText(1)).toBe('You have 1 unsent change. If you log out now they will be lost.');
  });
});
