/** The spec's business constants and limits, plus the limits we chose where the spec is silent. */
export const APP_VERSION_LABEL = '0.8.00';
export const MESSAGE_MAX_LENGTH = 1024;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;
/** The spec leaves password rules open; we require 8+ characters and nothing else (NIST 800-63B). */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 cost grows with input; a cap keeps a huge "password" from being a CPU attack. */
export const PASSWORD_MAX_LENGTH = 256;
export const DISPLAY_NAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];
export const USER_SEARCH_MAX_RESULTS = 20;
export const PROFILE_AUTOSAVE_MS = 1500;
export const RESET_REDIRECT_MS = 3000;
export const TOAST_MAX = 20;
export const TOKEN_STORAGE_KEY = 'token';
export const THEME_STORAGE_KEY = 'theme';
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
