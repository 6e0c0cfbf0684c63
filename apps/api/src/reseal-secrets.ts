import { loadConfigOrExit } from './bootstrap';
import { PrismaService } from './prisma/prisma.service';
import { SecretSealer } from './secrets/secret-sealer';
import { resealSecrets } from './secrets/reseal-secrets';

/**
 * `npm run secrets:reseal`: seals every stored secret again under WEBHOOK_SECRETS_KEY (see docs/operations.md,
 * "Change the webhook secrets key"). Prints what it did as one JSON line; exits 1 when a secret opened under no
 * configured key (its endpoint's secret or its council's key must then be rotated in the console, a staff member's
 * second factor reset).
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env);
  const prisma = new PrismaService(config);
  try {
    const report = await resealSecrets(prisma, new SecretSealer(config));
    process.stdout.write(`${JSON.stringify({ msg: 'Secrets sealed under the current key', ...report })}\n`);
    const unreadable =
      report.webhookEndpoints.unreadable.length +
      report.councilApiKeys.unreadable.length +
      report.staffSecondFactors.unreadable.length;
    process.exitCode = unreadable > 0 ? 1 : 0;
  } finally {
    await prisma.$disconnect();
  }
}

void main();
