import { Algorithm, hash, verify } from '@node-rs/argon2';
import { createHash } from 'node:crypto';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum. */
const OPTIONS = { algorithm: Algorithm.Argon2id } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password; a malformed stored hash is a mismatch, never an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The hash of a random password nobody knows, with the same parameters as real ones. */
const NOBODY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$96fQ9nRCaTDFu7eCqMgZrA$ojx6iU8DAgqSIVxBw3LnC1dljX3KBgotsiyy+DZe4GM';

/** Spends the time of a real check when the account does not exist, so timing does not tell which emails have one. */
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(NOBODY_HASH, password);
  return false;
}

/**
 * Stored in each session: a digest of the password hash the user signed in with. Changing the password
 * changes it, so every session signed in with the old password ends at its next request.
 */
export function passwordStamp(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}
