import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';

/**
 * Seals endpoint signing secrets at rest (AES-256-GCM, a fresh 96-bit nonce each time, the endpoint id bound
 * as associated data so a sealed secret copied onto another endpoint does not open) and opens them to sign.
 * Sealed form: `v1.<nonce>.<tag>.<ciphertext>`, base64url parts.
 */
@Injectable()
export class EndpointSecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHash('sha256').update(config.webhooks.secretsKey).digest();
  }

  seal(endpointId: string, secret: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(endpointId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(endpointId: string, sealed: string): string {
    const [version, nonce, tag, data] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || !data) throw new Error('Not a sealed webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
