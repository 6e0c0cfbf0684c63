import type { PrismaService } from '../prisma/prisma.service';
import type { SecretSealer } from './secret-sealer';

/** What sealing again did to one kind of secret. */
export interface ResealCount {
  /** Sealed again under the current key. */
  resealed: number;
  /** Sealed under the current key already. */
  current: number;
  /** Opened by no key configured: the rows' ids (their secrets must be rotated in the console). */
  unreadable: string[];
}

export interface ResealReport {
  webhookEndpoints: ResealCount;
  councilApiKeys: ResealCount;
  /** Staff's TOTP secrets (an unreadable one: reset that staff member's second factor in the console). */
  staffSecondFactors: ResealCount;
}

type Sealed = { id: string; secretSealed: string };

async function resealRows(
  rows: readonly Sealed[],
  secrets: Pick<SecretSealer, 'inspect' | 'seal'>,
  save: (row: Sealed, sealed: string) => Promise<number>,
): Promise<ResealCount> {
  const count: ResealCount = { resealed: 0, current: 0, unreadable: [] };
  for (const row of rows) {
    let opened: { secret: string; current: boolean };
    try {
      opened = secrets.inspect(row.id, row.secretSealed);
    } catch {
      count.unreadable.push(row.id);
      continue;
    }
    if (opened.current) {
      count.current += 1;
      continue;
    }
    // Only if the row still holds what was read: a secret rotated meanwhile is sealed under the current key.
    if ((await save(row, secrets.seal(row.id, opened.secret))) === 1) count.resealed += 1;
    else count.current += 1;
  }
  return count;
}

/**
 * Seals every stored secret (endpoint signing secrets, councils' API keys, staff's TOTP secrets) again under the current
 * WEBHOOK_SECRETS_KEY, opening each with it or a key of WEBHOOK_SECRETS_PREVIOUS_KEYS. Run once every API and worker
 * has the new key; afterwards the previous keys can be removed. Running it again changes nothing.
 */
export async function resealSecrets(
  prisma: PrismaService,
  secrets: Pick<SecretSealer, 'inspect' | 'seal'>,
): Promise<ResealReport> {
  const endpoints = await prisma.webhookEndpoint.findMany({ select: { id: true, secretSealed: true } });
  const keys = await prisma.councilApiKey.findMany({ select: { id: true, secretSealed: true } });
  const totp = await prisma.user.findMany({
    where: { totpSecretSealed: { not: null } },
    select: { id: true, totpSecretSealed: true },
  });
  return {
    webhookEndpoints: await resealRows(endpoints, secrets, async (row, sealed) => {
      const done = await prisma.webhookEndpoint.updateMany({
        where: { id: row.id, secretSealed: row.secretSealed },
        data: { secretSealed: sealed },
      });
      return done.count;
    }),
    councilApiKeys: await resealRows(keys, secrets, async (row, sealed) => {
      const done = await prisma.councilApiKey.updateMany({
        where: { id: row.id, secretSealed: row.secretSealed },
        data: { secretSealed: sealed },
      });
      return done.count;
    }),
    staffSecondFactors: await resealRows(
      totp.map((u) => ({ id: u.id, secretSealed: u.totpSecretSealed ?? '' })),
      secrets,
      async (row, sealed) => {
        const done = await prisma.user.updateMany({
          where: { id: row.id, totpSecretSealed: row.secretSealed },
          data: { totpSecretSealed: sealed },
        });
        return done.count;
      },
    ),
  };
}
