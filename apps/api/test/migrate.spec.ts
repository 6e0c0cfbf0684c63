import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lane } from './lane';

const ROOT = resolve(__dirname, '../../..');

function prisma(args: string[], databaseUrl: string): string {
  return execFileSync(process.execPath, [resolve(ROOT, 'scripts/prisma.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

/** The offline Prisma path of prisma.config.ts, exercised end to end on a database of its own. */
describe('migrations on the pure-JS Prisma engine', () => {
  const database = `councilpay_migrate_${Date.now().toString(36)}`;
  let databaseUrl: string;
  let admin: Client;

  beforeAll(async () => {
    const url = new URL(lane().databaseUrl);
    url.pathname = '/postgres';
    admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  it('migrates a fresh database and reports it up to date', () => {
    expect(prisma(['migrate', 'deploy'], databaseUrl)).toContain('successfully applied');
    expect(prisma(['migrate', 'status'], databaseUrl)).toContain('Database schema is up to date');
  });

  it('has migrations that match schema.prisma (diff through a shadow database is empty)', () => {
    const out = prisma(
      [
        'migrate',
        'diff',
        '--from-migrations',
        'prisma/migrations',
        '--to-schema-datamodel',
        'prisma/schema.prisma',
        '--script',
      ],
      databaseUrl,
    );
    expect(out).toMatch(/This is an empty migration|^\s*$/);
  });

  it('keeps PaymentEvent append-only and numbers invoices from a sequence', async () => {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(`INSERT INTO "PaymentEvent" ("type", "source") VALUES ('test', 'system')`);
      await expect(db.query(`UPDATE "PaymentEvent" SET "type" = 'changed'`)).rejects.toThrow(/append-only/);
      await expect(db.query(`DELETE FROM "PaymentEvent"`)).rejects.toThrow(/append-only/);
      const { rows } = await db.query<{ n: string }>(`SELECT nextval('payment_invoice_seq') AS n`);
      expect(Number(rows[0].n)).toBe(1);
    } finally {
      await db.end();
    }
  });

  it('keeps the staff audit append-only', async () => {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO "StaffAudit" ("staffId", "staffEmail", "action", "targetType", "targetId", "councils")
         VALUES (gen_random_uuid(), 'staff@example.my', 'payment_requery', 'payment', 'CP1', '{mdpg}')`,
      );
      await expect(db.query(`UPDATE "StaffAudit" SET "action" = 'changed'`)).rejects.toThrow(/append-only/);
      await expect(db.query(`DELETE FROM "StaffAudit"`)).rejects.toThrow(/append-only/);
    } finally {
      await db.end();
    }
  });
});
