/** Client-side checks and texts of the avatar upload (the spec's validation rules and error catalogue). */
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '../../contract/limits';

export const AVATAR_WRONG_TYPE = 'Please choose a PNG, JPEG, GIF or WebP image.';
export const AVATAR_TOO_LARGE = `Please choose an image smaller than ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`;
export const AVATAR_UPLOAD_FAILED = 'Failed to upload avatar.';
export const AVATAR_UPDATED = 'Avatar updated.';

export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return AVATAR_WRONG_TYPE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE;
  return null;
}
