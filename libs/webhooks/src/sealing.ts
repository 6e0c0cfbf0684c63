import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets we must read back to sign or verify with (webhook endpoint secrets, council API keys), sealed at rest
 * with AES-256-GCM: a key derived from the configured WEBHOOK_SECRETS_KEY, a fresh 96-bit nonce each time, and the
 * owner's id bound as associated data, so a sealed secret copied onto another row does not open.
 * Sealed form: `v1.<nonce>.<tag>.<ciphertext>`, base64url parts.
 */
export function sealingKey(configured: string): Buffer {
  return createHash('sha256').update(configured).digest();
}

export function sealSecret(key: Buffer, ownerId: string, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(ownerId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, ownerId: string, sealed: string): string {
  const [version, nonce, tag, data] = sealed.split('.');
  if (version !== 'v1' || !nonce || !tag || !data) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(ownerId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The key secrets are sealed with now, and keys they may still be sealed with (a rotation under way). */
export interface SealingKeys {
  readonly current: Buffer;
  readonly previous: readonly Buffer[];
}

/**
 * Opens a sealed secret with the current key or, failing that, a previous one: `current` says whether it was
 * sealed with the current key (if not, `resealSecrets` seals it again). Throws when no key opens it.
 */
export function openSealed(keys: SealingKeys, ownerId: string, sealed: string): { secret: string; current: boolean } {
  try {
    return { secret: openSecret(keys.current, ownerId, sealed), current: true };
  } catch (error) {
    for (const key of keys.previous) {
      try {
        return { secret: openSecret(key, ownerId, sealed), current: false };
      } catch {
        // the next key
      }
    }
    throw error;
  }
}
