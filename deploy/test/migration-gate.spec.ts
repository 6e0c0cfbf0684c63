/**
 * The gate API and worker pods pass before they start: this version's migrations applied, and a database ahead
 * of it only by additive migrations (so a rollback starts) — never by one that changes what this version reads.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error a script of the repository, in JavaScript without declarations
import { additiveProblems, isAdditiveName, judgeMigrations, localMigrations } from '../../scripts/migration-gate.mjs';

const ROOT = resolve(__dirname, '../..');
const SERVER =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function sql(databaseUrl: string, query: string, values: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(query, values);
  } finally {
    await client.end();
  }
}

const applied = (name: string, finished = true) => ({ name, finished, rolledBack: false });

describe('what an additive migration may hold', () => {
  it('new tables with their keys, indexes and triggers; nullable columns or columns with a default; plain indexes', () => {
    const sqlText = `
      -- a new table
      CREATE TABLE "BillImport" ("id" UUID NOT NULL, "sha256" TEXT NOT NULL, CONSTRAINT "BillImport_pkey" PRIMARY KEY ("id"));
      CREATE UNIQUE INDEX "BillImport_sha256_key" ON "BillImport"("sha256");
      ALTER TABLE "BillImport" ADD CONSTRAINT "BillImport_councilCode_fkey" FOREIGN KEY ("councilCode") REFERENCES "Council"("code");
      CREATE FUNCTION "bill_import_guard"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no; never'; END; $$;
      CREATE TRIGGER "BillImport_guard" BEFORE UPDATE ON "BillImport" FOR EACH ROW EXECUTE FUNCTION "bill_import_guard"();
      ALTER TABLE "Payable" ADD COLUMN "lastImportId" UUID, ADD COLUMN "withdrawn" BOOLEAN NOT NULL DEFAULT false;
      CREATE INDEX "Payable_lastImportId_idx" ON "Payable"("lastImportId");
      COMMENT ON TABLE "BillImport" IS 'one; import';
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX CONCURRENTLY IF NOT EXISTS "Payment_payerName_trgm_idx" ON "Payment" USING GIN ("payerName" gin_trgm_ops);`;
    expect(additiveProblems(sqlText)).toEqual([]);
  });

  it('refuses what an older version would trip over, naming each statement', () => {
    const cases: [string, RegExp][] = [
      ['ALTER TABLE "Payable" DROP COLUMN "address";', /other than a new column: DROP COLUMN "address"/],
      ['ALTER TABLE "Payable" ADD COLUMN "x" TEXT NOT NULL;', /NOT NULL column without a default .* Payable/],
      ['ALTER TABLE "Payable" ALTER COLUMN "ownerName" DROP NOT NULL;', /other than a new column/],
      ['ALTER TABLE "Payable" RENAME COLUMN "ownerName" TO "owner";', /other than a new column/],
      ['CREATE UNIQUE INDEX "u" ON "Payable"("displayNo");', /unique index on the existing table Payable/],
      [
        'CREATE TRIGGER "t" BEFORE INSERT ON "Payment" FOR EACH ROW EXECUTE FUNCTION f();',
        /trigger on the existing table Payment/,
      ],
      [
        'CREATE OR REPLACE FUNCTION "payment_status_guard"() RETURNS trigger AS $$ BEGIN END; $$ LANGUAGE plpgsql;',
        /not an addition/,
      ],
      ['DROP TABLE "Licence";', /not an addition: DROP TABLE/],
      ['DROP EXTENSION pg_trgm;', /not an addition: DROP EXTENSION/],
      ['UPDATE "Payment" SET "amountSen" = 0;', /not an addition: UPDATE/],
      ['ALTER TYPE "PaymentStatus" ADD VALUE \'held\';', /not an addition: ALTER TYPE/],
      [
        'ALTER TABLE "Notification" ADD CONSTRAINT "fk" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id");',
        /other than a new column/,
      ],
    ];
    for (const [statement, problem] of cases) {
      const problems = additiveProblems(statement);
      expect(problems, statement).toHaveLength(1);
      expect(problems[0], statement).toMatch(problem);
    }
  });

  it('every migration of this repository named additive is additive', () => {
    for (const name of localMigrations().filter(isAdditiveName)) {
      const text = readFileSync(resolve(ROOT, 'prisma/migrations', name, 'migration.sql'), 'utf8');
      expect(additiveProblems(text), name).toEqual([]);
    }
  });
});

describe('the judgement', () => {
  const local = ['20260101000000_init', '20260201000000_more'];

  it('ready when every migration is applied; behind while one is missing or failed', () => {
    expect(
      judgeMigrations(
        local,
        local.map((n) => applied(n)),
      ).state,
    ).toBe('ready');
    const behind = judgeMigrations(local, [applied(local[0])]);
    expect(behind).toMatchObject({ state: 'behind', missing: [local[1]] });
    expect(behind.message).toContain('1 migration(s) of this version are not applied yet (first: 20260201000000_more)');
    const failed = judgeMigrations(local, [applied(local[0]), applied(local[1], false)]);
    expect(failed.state).toBe('behind');
    expect(failed.message).toContain("the migration 20260201000000_more failed: read the migrate Job's log");
  });

  it('a database ahead by additive migrations is ready for the older version; ahead by any other is refused', () => {
    const ahead = judgeMigrations(local, [
      ...local.map((n) => applied(n)),
      applied('20260301000000_bill_imports_additive'),
    ]);
    expect(ahead).toMatchObject({ state: 'ready', unknown: ['20260301000000_bill_imports_additive'] });
    expect(ahead.message).toContain('ahead by additive migration(s)');
    const refused = judgeMigrations(local, [...local.map((n) => applied(n)), applied('20260301000000_drop_address')]);
    expect(refused.state).toBe('refused');
    expect(refused.message).toContain('not additive: 20260301000000_drop_address');
    const failedAhead = judgeMigrations(local, [
      ...local.map((n) => applied(n)),
      applied('20260301000000_x_additive', false),
    ]);
    expect(failedAhead.message).toContain('20260301000000_x_additive (failed)');
  });
});

describe('the gate the pods run, against a real database', () => {
  const database = `councilpay_gate_${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(SERVER, database);
  const gate = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/migration-gate.mjs', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 60_000,
    });
  const newer = (name: string) =>
    sql(
      databaseUrl,
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, 'x', $2, now(), now(), 1)`,
      [randomBytes(8).toString('hex'), name],
    );

  beforeAll(async () => {
    await sql(withDatabase(SERVER, 'postgres'), `CREATE DATABASE "${database}"`);
  });
  afterAll(async () => {
    await sql(withDatabase(SERVER, 'postgres'), `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });

  it('waits, saying so, until the migrations ran; then passes; an older version passes over additive ones only', async () => {
    const before = gate();
    expect(before.status).toBe(1);
    expect(before.stdout).toContain(`Waiting for the migrate Job: ${localMigrations().length} migration(s)`);

    // --wait keeps waiting while behind, and passes as soon as the migrations are applied.
    const waiting = spawn(process.execPath, ['scripts/migration-gate.mjs', '--wait'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    const waited = new Promise<number | null>((done) => waiting.on('exit', done));
    const migrate = spawnSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(await waited).toBe(0);
    expect(gate().status).toBe(0);

    // The next version added a table: this one (a rollback) still starts.
    await newer('29991231000000_bill_imports_additive');
    const rollback = gate();
    expect(rollback.status).toBe(0);
    expect(rollback.stdout).toContain(
      'ahead by additive migration(s) this version does not need: 29991231000000_bill_imports_additive',
    );

    // The next version dropped a column: this one must not start, and says why.
    await newer('29991231000001_drop_payable_address');
    const refused = gate('--wait');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('not additive: 29991231000001_drop_payable_address');
  }, 240_000);
});
