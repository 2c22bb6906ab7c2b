/**
 * Bearer capabilities a server hands out once and never stores (a TV link, a guest seat's
 * credential): `bytes` from crypto.randomBytes in base64url; only the SHA-256 (hex) is kept, and a
 * token is only ever looked up by that hash, so a reader of the database cannot use one.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newCapabilityToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function capabilityHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
