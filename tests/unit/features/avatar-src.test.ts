import { describe, expect, it } from 'vitest';
import { chooseAvatarSrc, DEFAULT_AVATAR_SRC, generatedAvatarSrc } from '../../../src/features/profile/avatar-src';

describe('avatar source', () => {
  it('uses the uploaded picture when there is one', () => {
    expect(chooseAvatarSrc({ username: 'ana', avatarUrl: '/uploads/ana.png' })).toBe('/uploads/ana.png');
  });

  it('generates an SVG from the username when avatarUrl is blank', () => {
    const src = chooseAvatarSrc({ username: 'ana', avatarUrl: '   ' });
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    expect(chooseAvatarSrc({ username: 'ana', avatarUrl: null })).toBe(src);
  });

  it('is the same picture for the same username and a different one for another', () => {
    expect(generatedAvatarSrc('ana')).toBe(generatedAvatarSrc('ana'));
    expect(generatedAvatarSrc('ana')).not.toBe(generatedAvatarSrc('bob'));
  });

  it('falls back to the default image without a username', () => {
    expect(chooseAvatarSrc({ username: '', avatarUrl: '' })).toBe(DEFAULT_AVATAR_SRC);
    expect(chooseAvatarSrc({})).toBe(DEFAULT_AVATAR_SRC);
  });

  it('falls back to the default image when the picture failed to load', () => {
    expect(chooseAvatarSrc({ username: 'ana', avatarUrl: '/uploads/gone.png' }, true)).toBe(DEFAULT_AVATAR_SRC);
  });
});
