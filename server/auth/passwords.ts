/**
 * argon2id with @node-rs/argon2's defaults (19 MiB memory, 2 passes, 1 lane: OWASP's
 * recommended minimum; ~21 ms a hash here, off the event loop). Input length is capped by
 * the contract (PASSWORD_MAX_LENGTH) before it gets here.
 */
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's enum is a const enum, which isolatedModules cannot read. */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** False for a wrong password and for a malformed stored hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the account does not exist, so the answer
 * time does not tell whether a username is registered.
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('podtable-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
