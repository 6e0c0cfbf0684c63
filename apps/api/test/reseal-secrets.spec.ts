import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret, sealingKey, sealSecret } from '@councilpay/webhooks';
import type { AppConfig } from '../src/config/config';
import { PrismaService } from '../src/prisma/prisma.service';
import { SecretSealer } from '../src/secrets/secret-sealer';
import { resealSecrets } from '../src/secrets/reseal-secrets';
import { createTestApi, isolatedDatabaseUrl } from './test-app';

const OLD = 'the-old-webhook-secrets-key-of-at-least-32-chars';
const NEW = 'the-new-webhook-secrets-key-of-at-least-32-chars';
const LOST = 'a-key-nobody-configured-any-more-32-characters!!';

const secretsUnder = (key: string, previous: string[] = []) =>
  new SecretSealer({ webhooks: { secretsKey: key, previousSecretsKeys: previous } } as AppConfig);

/** Changing WEBHOOK_SECRETS_KEY: the old key opens until everything is sealed again under the new one. */
describe('the webhook secrets key changed without a council noticing', () => {
  let app: INestApplication;
  let prisma: PrismaService;
  const staffId = randomUUID();
  const endpoint = { id: randomUUID(), secret: `whsec_${randomUUID().replace(/-/g, '')}` };
  const apiKey = { id: randomUUID(), secret: `cpsk_${randomUUID().replace(/-/g, '')}` };
  const lost = { id: randomUUID(), secret: `whsec_${randomUUID().replace(/-/g, '')}` };
  const totp = { id: randomUUID(), secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

  beforeAll(async () => {
    app = await createTestApi({ DATABASE_URL: await isolatedDatabaseUrl() });
    prisma = app.get(PrismaService);
    const old = sealingKey(OLD);
    for (const e of [
      { ...endpoint, sealed: sealSecret(old, endpoint.id, endpoint.secret) },
      { ...lost, sealed: sealSecret(sealingKey(LOST), lost.id, lost.secret) },
    ]) {
      await prisma.webhookEndpoint.create({
        data: {
          id: e.id,
          councilCode: 'mdpg',
          url: 'https://revenue.example.my/hooks',
          events: ['bill.credited'],
          secretSealed: e.sealed,
          secretHint: e.secret.slice(-4),
          createdById: staffId,
        },
      });
    }
    await prisma.user.create({
      data: {
        id: totp.id,
        email: `reseal.${totp.id}@example.my`,
        fullName: 'Pegawai',
        passwordHash: 'x',
        roles: ['council_admin'],
        councils: ['mdpg'],
        type: 'staff',
        totpSecretSealed: sealSecret(old, totp.id, totp.secret),
        totpEnabledAt: new Date(),
      },
    });
    await prisma.councilApiKey.create({
      data: {
        id: apiKey.id,
        keyId: `cpk_${randomUUID().replace(/-/g, '')}`,
        councilCode: 'mdpg',
        secretSealed: sealSecret(old, apiKey.id, apiKey.secret),
        secretHint: apiKey.secret.slice(-4),
        createdById: staffId,
      },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  const sealedOf = async () => ({
    endpoint: (await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretSealed,
    apiKey: (await prisma.councilApiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).secretSealed,
    lost: (await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: lost.id } })).secretSealed,
    totp: (await prisma.user.findUniqueOrThrow({ where: { id: totp.id } })).totpSecretSealed ?? '',
  });

  it('opens with the previous key while both are configured, and seals only with the new one', async () => {
    const during = secretsUnder(NEW, [OLD]);
    const stored = await sealedOf();
    expect(during.open(endpoint.id, stored.endpoint)).toBe(endpoint.secret);
    expect(during.inspect(apiKey.id, stored.apiKey)).toEqual({ secret: apiKey.secret, current: false });
    expect(() => secretsUnder(NEW).open(endpoint.id, stored.endpoint)).toThrow();
    expect(openSecret(sealingKey(NEW), endpoint.id, during.seal(endpoint.id, 'x'))).toBe('x');
  });

  it('seals every secret again under the new key, names what no key opens, and changes nothing the second time', async () => {
    const during = secretsUnder(NEW, [OLD]);
    const sealedLost = (await sealedOf()).lost;
    const first = await resealSecrets(prisma, during);
    expect(first.webhookEndpoints.unreadable).toContain(lost.id);
    expect(first.webhookEndpoints.unreadable).not.toContain(endpoint.id);
    expect(first.councilApiKeys.unreadable).not.toContain(apiKey.id);
    expect(first.webhookEndpoints.resealed + first.councilApiKeys.resealed).toBeGreaterThanOrEqual(2);
    // The staff secret sealed under the old key is sealed again. (A database seeded with the demo staff's key holds
    // theirs too, sealed under this run's own key, which neither key here opens: named, like the lost endpoint.)
    expect(first.staffSecondFactors.unreadable).not.toContain(totp.id);
    expect(first.staffSecondFactors.resealed).toBe(1);

    const after = await sealedOf();
    // The old key is no longer needed for either, and the secrets are the same ones the council holds.
    const settled = secretsUnder(NEW);
    expect(settled.open(endpoint.id, after.endpoint)).toBe(endpoint.secret);
    expect(settled.open(apiKey.id, after.apiKey)).toBe(apiKey.secret);
    // Staff's TOTP secrets too: their authenticator apps keep working.
    expect(settled.open(totp.id, after.totp)).toBe(totp.secret);
    // Left as it was, for its secret to be rotated in the console.
    expect(after.lost).toBe(sealedLost);
    expect(() => settled.open(lost.id, after.lost)).toThrow();

    const again = await resealSecrets(prisma, during);
    expect(again.webhookEndpoints.resealed + again.councilApiKeys.resealed + again.staffSecondFactors.resealed).toBe(0);
    expect(await sealedOf()).toEqual(after);
  });
});
