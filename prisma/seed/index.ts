/**
 * Idempotent seed: `npm run db:seed [-- --payables N]` for demo data, `-- --reference` for production.
 * Creates what is missing and never overwrites what exists (staff may have edited councils; payments may
 * have reduced balances), so running it on every `npm start` or every deployment is safe.
 *
 * `--reference` seeds only what the product needs to run: the councils and the configuration row. No demo
 * staff account and no demo bill; the first staff administrator is created only when SEED_ADMIN_EMAIL and
 * SEED_ADMIN_PASSWORD are given (the operator's own address and password).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { hash, Algorithm } from '@node-rs/argon2';
import {
  DEFAULT_COUNCIL,
  normaliseAccountId,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PAYABLE_TYPES,
} from '@councilpay/domain';
import { sealingKey, sealSecret } from '@councilpay/webhooks';
import { PrismaClient } from '../../apps/api/src/generated/prisma/client';
import { DEV_SESSION_SECRET, webhookSecretsKey } from '../../apps/api/src/config/config';
import {
  councilMonogramSvg,
  monogramPath,
  placeholderSignatureSvg,
  svgDataUrl,
} from '../../apps/api/src/councils/council-monogram';
import { normaliseDocumentImage } from '../../apps/api/src/councils/document-image';
import { COUNCIL_SEEDS, SIGNATURE_OFFICERS } from './councils';
import { importSeedBills } from './bills';
import { PAYABLE_SEEDS } from './payables';
import { generatePayables } from './generate';
import { demoOwnerPhoto } from './photo';

const DATABASE_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/councilpay';

/** The published demo password, for the demo staff accounts only. */
const PUBLISHED_DEMO_PASSWORD = 'Demo#CouncilPay2026';

/** Demo-only credentials, printed by `npm start`; override with SEED_ADMIN_PASSWORD for anything shared. */
const DEMO_PASSWORD = process.env.SEED_ADMIN_PASSWORD || PUBLISHED_DEMO_PASSWORD;

/** An image as staff would store it: checked and redrawn as the PNG documents print (the upload's own rule). */
async function asStored(dataUrl: string): Promise<string> {
  const checked = await normaliseDocumentImage(dataUrl);
  if (!checked.ok) throw new Error(`a seed placeholder image fails the image rules: ${checked.problem}`);
  return checked.dataUrl;
}

async function seedCouncils(prisma: PrismaClient): Promise<number> {
  let created = 0;
  for (const c of COUNCIL_SEEDS) {
    const officer = SIGNATURE_OFFICERS[c.code];
    const exists = await prisma.council.findUnique({
      where: { code: c.code },
      select: { code: true, logoPath: true, logoImage: true, signatureImage: true },
    });
    // Placeholders made here (an SVG monogram of the code, a "SPECIMEN" signature), never committed images,
    // stored as an upload is: redrawn as PNGs.
    const svgs = {
      logoImage: svgDataUrl(councilMonogramSvg(c.code)),
      signatureImage: svgDataUrl(placeholderSignatureSvg(c.code)),
    };
    const images = {
      logoImage: await asStored(svgs.logoImage),
      signatureImage: await asStored(svgs.signatureImage),
    };
    if (exists) {
      // A council seeded before logos were: its monogram, unless staff set a logo meanwhile.
      if (exists.logoPath === null) {
        await prisma.council.update({ where: { code: c.code }, data: { logoPath: monogramPath(c.code) } });
      }
      // Seeded before documents printed images, or with the placeholders as SVGs before images were stored as
      // PNGs: the placeholders as PNGs. An image staff uploaded is kept.
      const placeholder = (field: 'logoImage' | 'signatureImage') =>
        exists[field] === null || exists[field] === svgs[field] ? images[field] : exists[field];
      if (placeholder('logoImage') !== exists.logoImage || placeholder('signatureImage') !== exists.signatureImage) {
        await prisma.council.update({
          where: { code: c.code },
          data: { logoImage: placeholder('logoImage'), signatureImage: placeholder('signatureImage') },
        });
      }
      continue;
    }
    await prisma.council.create({
      data: {
        code: c.code,
        nameMs: c.nameMs,
        nameEn: c.nameEn,
        nameZh: c.nameZh,
        payableTypes: c.payableTypes,
        isDefault: c.code === DEFAULT_COUNCIL,
        logoPath: monogramPath(c.code),
        signatureOfficerName: officer?.name ?? null,
        signatureOfficerPost: officer?.post ?? null,
        ...images,
      },
    });
    created += 1;
  }
  return created;
}

async function seedConfiguration(prisma: PrismaClient): Promise<void> {
  await prisma.configuration.upsert({
    where: { id: 'default' },
    update: {},
    create: {
      id: 'default',
      serviceClosed: false,
      announcementMs: 'Sistem sedang diselenggara. Sila cuba sebentar lagi.',
      announcementEn: 'The system is under maintenance. Please try again later.',
      announcementZh: '系统正在维护中，请稍后再试。',
      appVersion: '1.0.0',
    },
  });
}

async function seedUsers(prisma: PrismaClient): Promise<void> {
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: Algorithm.Argon2id });
  const users = [
    { email: 'admin@councilpay.my', fullName: 'Pentadbir Sistem', roles: ['_admin'], councils: [] as string[] },
    { email: 'admin.mdpg@councilpay.my', fullName: 'Pentadbir MDPG', roles: ['council_admin'], councils: ['mdpg'] },
  ];
  const totpSecret = demoStaffTotpSecret();
  for (const u of users) {
    const user = await prisma.user.upsert({
      where: { email: u.email },
      update: {},
      create: { ...u, passwordHash, type: 'staff', emailVerifiedAt: new Date() },
    });
    if (!totpSecret) continue;
    // Only where no second factor is on: one set up (or reset) by staff is kept.
    await prisma.user.updateMany({
      where: { id: user.id, totpEnabledAt: null },
      data: {
        totpSecretSealed: sealSecret(demoSealingKey(), user.id, totpSecret),
        totpEnabledAt: new Date(),
        totpLastStep: null,
        recoveryCodeHashes: [],
      },
    });
  }
}

/**
 * Development only: DEMO_STAFF_TOTP_SECRET (base32), the demo staff's second factor, which `npm start` prints for
 * an authenticator app and the scripts and browser tests compute codes from. Refused in production; without it
 * the demo staff set up their second factor at their first sign-in.
 */
function demoStaffTotpSecret(): string | undefined {
  const secret = process.env.DEMO_STAFF_TOTP_SECRET?.trim();
  if (!secret) return undefined;
  if (process.env.NODE_ENV === 'production') throw new Error('DEMO_STAFF_TOTP_SECRET is for development only');
  if (!/^[A-Z2-7]{16,}$/.test(secret)) throw new Error('DEMO_STAFF_TOTP_SECRET must be base32 (A-Z, 2-7), 16 or more');
  return secret;
}

/** The key the API seals secrets with (WEBHOOK_SECRETS_KEY, else derived from SESSION_SECRET as the API does). */
function demoSealingKey(): Buffer {
  const sessionSecret = process.env.SESSION_SECRET || DEV_SESSION_SECRET;
  return sealingKey(webhookSecretsKey(process.env.WEBHOOK_SECRETS_KEY ?? '', sessionSecret));
}

/**
 * Production: the operator's first `_admin`, when SEED_ADMIN_EMAIL is given, with SEED_ADMIN_PASSWORD
 * (never the published demo password). An account that exists is left as it is.
 */
async function seedFirstAdmin(prisma: PrismaClient): Promise<string | undefined> {
  const email = process.env.SEED_ADMIN_EMAIL?.trim().toLowerCase();
  if (!email) return undefined;
  const password = process.env.SEED_ADMIN_PASSWORD ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('SEED_ADMIN_EMAIL is not an email address');
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    throw new Error(`SEED_ADMIN_PASSWORD must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  if (password === PUBLISHED_DEMO_PASSWORD) throw new Error('SEED_ADMIN_PASSWORD must not be the demo password');
  const passwordHash = await hash(password, { algorithm: Algorithm.Argon2id });
  await prisma.user.upsert({
    where: { email },
    update: {},
    create: {
      email,
      fullName: 'Pentadbir Sistem',
      roles: ['_admin'],
      councils: [],
      passwordHash,
      type: 'staff',
      emailVerifiedAt: new Date(),
    },
  });
  return email;
}

/**
 * The demo bills, through the bill file path (./bills.ts), then what a bill file does not carry: the demo
 * owners' photos on the licences that print a digital licence (only where none is stored, so staff's is kept).
 */
async function seedPayables(prisma: PrismaClient): Promise<number> {
  const created = await importSeedBills(prisma, PAYABLE_SEEDS);
  const withPhoto = PAYABLE_SEEDS.filter((seed) => seed.licence?.hasPhoto);
  for (const seed of withPhoto) {
    await prisma.licence.updateMany({
      where: {
        photo: null,
        payable: {
          councilCode: seed.council,
          type: seed.type,
          planType: seed.planType ?? '',
          accountNo: normaliseAccountId(seed.type, seed.displayNo),
        },
      },
      data: { photo: new Uint8Array(demoOwnerPhoto()) },
    });
  }
  return created;
}

function parseArgs(argv: string[]): { payables: number; reference: boolean } {
  const reference = argv.includes('--reference');
  const i = argv.indexOf('--payables');
  if (i < 0) return { payables: 0, reference };
  if (reference) throw new Error('--reference seeds no bills: drop --payables');
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 0 || n > 50_000_000) {
    throw new Error('--payables needs a whole number from 0 to 50000000');
  }
  return { payables: n, reference };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: DATABASE_URL }) });
  try {
    const councils = await seedCouncils(prisma);
    await seedConfiguration(prisma);
    if (args.reference) {
      const admin = await seedFirstAdmin(prisma);
      const summary = { reference: true, councilsCreated: councils, firstAdmin: admin ?? 'not requested' };
      process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'Seed done', ...summary })}\n`);
      return;
    }
    await seedUsers(prisma);
    const payables = await seedPayables(prisma);
    const summary: Record<string, number | string> = {
      councilsCreated: councils,
      payablesCreated: payables,
      payableTypes: PAYABLE_TYPES.length,
    };
    if (args.payables > 0) {
      const started = Date.now();
      summary.generated = await generatePayables(prisma, args.payables);
      summary.generateSeconds = ((Date.now() - started) / 1000).toFixed(1);
    }
    process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'Seed done', ...summary })}\n`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'Seed failed', error: String(error) })}\n`);
  process.exit(1);
});
