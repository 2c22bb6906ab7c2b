/**
 * The confusable-safe key usernames are unique by (users.username_key, unique index). Two
 * names with the same key look alike, so the second is "already taken":
 *   key = skeleton(lower(skeleton(upper(NFKC(name)))))
 * where skeleton is Unicode's UTS #39 confusables mapping (npm `unhomoglyph`, generated from
 * confusables.txt). Upper-casing first makes case and look-alikes fold together transitively:
 * "Ian", "ian", "lan", "1an" and Cyrillic "Іаn" all get the key "lan"; "rn" and "m" collide;
 * "0" and "O" collide. It over-blocks a few honest pairs (e.g. "ian" vs "lan"), which is the
 * safe side for a name other people must be able to trust.
 */
import unhomoglyph from 'unhomoglyph';

export function usernameKey(username: string): string {
  const normalised = username.normalize('NFKC').trim();
  return unhomoglyph(unhomoglyph(normalised.toUpperCase()).toLowerCase()).normalize('NFKC');
}
