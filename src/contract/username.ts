/**
 * What a username may contain, shared by the register form and the server. A username is
 * NFKC-normalised first (full-width "ａｂｃ" becomes "abc"), then it must be letters, combining
 * marks, digits and `.` `_` `-`, starting with a letter or digit. That rules out every control,
 * zero-width, bidirectional, space and symbol character in one rule instead of a list of bad
 * code points. Look-alikes ("paypa1" for "paypal", Cyrillic "а" for Latin "a") are allowed as
 * characters but collide on the server's confusable-safe key (server/users/username-key.ts).
 */
export const USERNAME_CHARACTERS_TEXT = 'Usernames may use letters, digits, dots, hyphens and underscores, and start with a letter or digit.';

const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}._-]*$/u;

/** The problem with an (already NFKC-normalised, trimmed) username's characters, or undefined. */
export function usernameCharacterProblem(username: string): string | undefined {
  return ALLOWED.test(username) ? undefined : USERNAME_CHARACTERS_TEXT;
}
