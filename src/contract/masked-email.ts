/**
 * A guest's contact e-mail as the game's creator sees it once the game is stored: the first
 * character, then the domain (`ana@example.com` → `a•••@example.com`). The full address lives
 * only in the guest's claim (server/games/claims.ts) and goes to nobody; other players see no
 * address at all (server/games/guest-emails.ts). Masking a masked address changes nothing.
 */
const EMAIL_MASK = '•••';

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return EMAIL_MASK;
  const first = Array.from(email.slice(0, at))[0] ?? '';
  return `${first}${EMAIL_MASK}${email.slice(at)}`;
}
