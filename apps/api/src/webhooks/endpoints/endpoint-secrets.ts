import { Inject, Injectable } from '@nestjs/common';
import { openSecret, sealingKey, sealSecret } from '@councilpay/webhooks';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';

/**
 * Seals endpoint signing secrets at rest and opens them to sign (`sealSecret`/`openSecret` of libs/webhooks,
 * the endpoint id bound as associated data). Council API keys are sealed the same way (CouncilApiKeySecrets).
 */
@Injectable()
export class EndpointSecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = sealingKey(config.webhooks.secretsKey);
  }

  seal(endpointId: string, secret: string): string {
    return sealSecret(this.key, endpointId, secret);
  }

  open(endpointId: string, sealed: string): string {
    return openSecret(this.key, endpointId, sealed);
  }
}
