/** Texts of the account forms that the pages show without running a check. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const RESET_TOKEN_MISSING = 'Password reset token is missing.';
export const CANNOT_REACH_SERVER = 'Cannot reach the server. Check your connection and try again.';
