/**
 * Which picture an avatar shows (the spec's User entity). The generated picture is made on the device
 * from the username with DiceBear (the spec's external avatar service would not load offline),
 * so it is the same on every device for the same username.
 */
import { createAvatar } from '@dicebear/core';
import { thumbs } from '@dicebear/collection';

/** Served from public/ (the lead's file). */
export const DEFAULT_AVATAR_SRC = '/default-avatar.svg';

/** Chat lists will show many users; beyond this many cached pictures the oldest is dropped. */
const CACHE_LIMIT = 200;
const generated = new Map<string, string>();

export function generatedAvatarSrc(username: string): string {
  const cached = generated.get(username);
  if (cached) return cached;
  const uri = createAvatar(thumbs, { seed: username }).toDataUri();
  if (generated.size >= CACHE_LIMIT) {
    const oldest = generated.keys().next().value;
    if (oldest !== undefined) generated.delete(oldest);
  }
  generated.set(username, uri);
  return uri;
}

export interface AvatarOwner {
  username?: string | null;
  avatarUrl?: string | null;
}

/**
 * - the picture failed to load → the default image;
 * - an uploaded picture (avatarUrl not blank) → it;
 * - else a username → the generated picture;
 * - else → the default image.
 */
export function chooseAvatarSrc(owner: AvatarOwner, loadFailed = false): string {
  if (loadFailed) return DEFAULT_AVATAR_SRC;
  const url = owner.avatarUrl?.trim();
  if (url) return url;
  const username = owner.username?.trim();
  if (username) return generatedAvatarSrc(username);
  return DEFAULT_AVATAR_SRC;
}
