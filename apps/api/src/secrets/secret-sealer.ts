import { Inject, Injectable } from '@nestjs/common';
import { openSealed, sealingKey, sealSecret, type SealingKeys } from '@councilpay/webhooks';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';

/** The sealing keys of a configuration: WEBHOOK_SECRETS_KEY's, then those of WEBHOOK_SECRETS_PREVIOUS_KEYS. */
export function sealingKeys(config: Pick<AppConfig, 'webhooks'>): SealingKeys {
  return {
    current: sealingKey(config.webhooks.secretsKey),
    previous: config.webhooks.previousSecretsKeys.map(sealingKey),
  };
}

/**
 * Seals the secrets we must read back (endpoint signing secrets, councils' API keys, staff's TOTP secrets) at
 * rest and opens them to sign or verify (`sealSecret`/`openSealed` of libs/webhooks, the owner's id bound as
 * associated data). Seals with the current key; opens with it or, while the key changes, a previous one
 * (`resealSecrets` then seals the secret again under the current key).
 */
@Injectable()
export class SecretSealer {
  private readonly keys: SealingKeys;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.keys = sealingKeys(config);
  }

  seal(ownerId: string, secret: string): string {
    return sealSecret(this.keys.current, ownerId, secret);
  }

  open(ownerId: string, sealed: string): string {
    return openSealed(this.keys, ownerId, sealed).secret;
  }

  /** Opens, and says whether the current key sealed it. */
  inspect(ownerId: string, sealed: string): { secret: string; current: boolean } {
    return openSealed(this.keys, ownerId, sealed);
  }
}
