import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentChanges } from '../src/documents/live/payment-changes';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestApi } from './test-app';
import { startTlsPostgres, type TlsPostgres } from './tls-postgres';
import { startWorker, until } from './worker-helpers';

const ROOT = resolve(__dirname, '../../..');
const DATABASE = 'councilpay_tls';

/** Runs a command of the repository (the migrate and seed steps a deployment runs) against `databaseUrl`. */
function runStep(args: string[], databaseUrl: string) {
  return spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_OPTIONS: '' },
    timeout: 300_000,
  });
}

/** Whether the connection `client` holds to the server is encrypted, as the server sees it. */
async function encrypted(client: Client): Promise<boolean> {
  const { rows } = await client.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
  return rows[0].ssl;
}

describe('PostgreSQL over TLS: a server that takes encrypted connections only', () => {
  let server: TlsPostgres;
  /** The URL a deployment is given: verify the server's certificate against the CA it was issued by. */
  let databaseUrl: string;

  beforeAll(async () => {
    server = await startTlsPostgres();
    databaseUrl = server.url(DATABASE, `sslmode=verify-full&sslrootcert=${server.caFile}`);
    const admin = new Client({
      connectionString: server.url('postgres', `sslmode=verify-full&sslrootcert=${server.caFile}`),
    });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
  }, 180_000);

  afterAll(() => server?.stop());

  it('refuses a connection without TLS (so every step below that works is encrypted)', async () => {
    const plain = new Client({ connectionString: server.url(DATABASE) });
    await expect(plain.connect()).rejects.toThrow(/no encryption|pg_hba\.conf/);
    await plain.end().catch(() => undefined);
  });

  it('migrations and the reference data go over TLS, as the migrate job runs them', () => {
    const migrate = runStep(['scripts/prisma.mjs', 'migrate', 'deploy'], databaseUrl);
    expect(migrate.status, `${migrate.stdout}\n${migrate.stderr}`).toBe(0);
    const status = runStep(['scripts/prisma.mjs', 'migrate', 'status'], databaseUrl);
    expect(status.status, `${status.stdout}\n${status.stderr}`).toBe(0);
    const seed = runStep(['node_modules/tsx/dist/cli.mjs', 'prisma/seed/index.ts', '--reference'], databaseUrl);
    expect(seed.status, `${seed.stdout}\n${seed.stderr}`).toBe(0);
  }, 300_000);

  describe('the API and the worker', () => {
    let api: INestApplication;
    let worker: INestApplicationContext;

    beforeAll(async () => {
      api = await createTestApi({ DATABASE_URL: databaseUrl });
      worker = await startWorker({ DATABASE_URL: databaseUrl });
    }, 120_000);
    afterAll(async () => {
      await worker?.close();
      await api?.close();
    });

    it('the API reads through its pool over TLS', async () => {
      const res = await request(api.getHttpServer()).get('/api/councils').expect(200);
      expect(res.body.length).toBeGreaterThan(0);
      const [{ ssl }] = await api.get(PrismaService).$queryRaw<
        { ssl: boolean }[]
      >`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`;
      expect(ssl).toBe(true);
    });

    it('the live status stream LISTENs on its own connection over TLS and hears a change', async () => {
      const heard: string[] = [];
      const stop = await api.get(PaymentChanges).subscribe('TLS-REF-1', () => heard.push('TLS-REF-1'));
      const notifier = new Client({ connectionString: databaseUrl });
      await notifier.connect();
      try {
        expect(await encrypted(notifier)).toBe(true);
        const { rows } = await notifier.query<{ ssl: boolean }>(
          `SELECT s.ssl FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.datname = $1 AND a.query ILIKE 'LISTEN%'`,
          [DATABASE],
        );
        expect(rows).toEqual([{ ssl: true }]);
        await notifier.query(`SELECT pg_notify('payment_event', 'TLS-REF-1')`);
        expect(
          await until(
            async () => heard.length,
            (n) => n > 0,
            10_000,
          ),
        ).toBe(1);
      } finally {
        stop();
        await notifier.end();
      }
    });

    it('the worker reads and writes over TLS', async () => {
      const prisma = worker.get(PrismaService);
      const [{ ssl }] = await prisma.$queryRaw<
        { ssl: boolean }[]
      >`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`;
      expect(ssl).toBe(true);
      expect(await prisma.council.count()).toBeGreaterThan(0);
    });
  });
});
