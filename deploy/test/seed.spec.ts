/**
 * The migrate commands of the compose profiles, run for real (from the repository, as the image's /app)
 * against a throwaway database: production's creates what the product needs and no demo account.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompose } from './compose';
import { roleOf } from './containers';
import { podSpec, render } from './kubernetes';
import { makeSecretsDir, operatorEnvironment } from './operator';

const ROOT = resolve(__dirname, '../..');
const SERVER =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function sql<T>(databaseUrl: string, query: string): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The command line and environment of the service that migrates in that profile. */
function migrateService(profile: string, env: Record<string, string>) {
  const project = loadCompose(resolve(ROOT, 'docker-compose.yml'), { env, profiles: [profile] });
  const migrate = [...project.services.values()].filter((s) => s.command && roleOf(s.command) === 'migrate');
  expect(migrate.map((s) => s.name)).toHaveLength(1);
  return migrate[0];
}

function runIn(databaseUrl: string, command: string[], env: Record<string, string>) {
  const result = spawnSync(command[0], command.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

describe('the migrate service of each compose profile, run against a fresh database', () => {
  const database = `councilpay_deploy_${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(SERVER, database);
  const secretsDir = makeSecretsDir();

  beforeAll(async () => {
    await sql(withDatabase(SERVER, 'postgres'), `CREATE DATABASE "${database}"`);
  });
  afterAll(async () => {
    await sql(withDatabase(SERVER, 'postgres'), `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    rmSync(secretsDir, { recursive: true, force: true });
  });

  it('production migrates and creates the councils and the configuration, and no staff account at all', async () => {
    // What new Kubernetes pods wait on before they start: it must fail until the migrations ran.
    const api = render(resolve(ROOT, 'deploy/kubernetes/overlays/production')).find(
      (o) => o.kind === 'Deployment' && o.metadata.name === 'councilpay-api',
    );
    const wait = podSpec(api!).initContainers[0].command as string[];
    expect(wait).toEqual(['node', 'scripts/migration-gate.mjs', '--wait']);
    const probe = wait.slice(0, -1); // the same gate, answering once instead of waiting
    const status = () =>
      spawnSync(probe[0], probe.slice(1), { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } }).status;
    expect(status(), 'pods wait while the database is not migrated').not.toBe(0);

    const migrate = migrateService('production', operatorEnvironment(secretsDir));
    runIn(databaseUrl, migrate.command!, migrate.environment);
    expect(status(), 'pods start once the migration Job is done').toBe(0);
    const [councils] = await sql<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM "Council"');
    const [configuration] = await sql<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM "Configuration"');
    const users = await sql<{ email: string }>(databaseUrl, 'SELECT email FROM "User"');
    const [payables] = await sql<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM "Payable"');
    expect(Number(councils.n)).toBeGreaterThanOrEqual(24);
    expect(Number(configuration.n)).toBe(1);
    expect(users).toEqual([]);
    expect(Number(payables.n)).toBe(0);
  });

  it("production creates the operator's first administrator when asked, and a second run changes nothing", async () => {
    const migrate = migrateService('production', {
      ...operatorEnvironment(secretsDir),
      SEED_ADMIN_EMAIL: 'Pentadbir@Example.my',
      SEED_ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    });
    runIn(databaseUrl, migrate.command!, migrate.environment);
    const first = await sql<{ email: string; roles: string[]; passwordHash: string }>(
      databaseUrl,
      'SELECT email, roles, "passwordHash" FROM "User"',
    );
    expect(first.map((u) => [u.email, u.roles])).toEqual([['pentadbir@example.my', ['_admin']]]);
    runIn(databaseUrl, migrate.command!, { ...migrate.environment, SEED_ADMIN_PASSWORD: 'another-password-1' });
    const second = await sql<{ passwordHash: string }>(databaseUrl, 'SELECT "passwordHash" FROM "User"');
    expect(second.map((u) => u.passwordHash)).toEqual(first.map((u) => u.passwordHash));
  });

  it('production refuses the published demo password for the first administrator', () => {
    const migrate = migrateService('production', {
      ...operatorEnvironment(secretsDir),
      SEED_ADMIN_EMAIL: 'someone.else@example.my',
      SEED_ADMIN_PASSWORD: 'Demo#CouncilPay2026',
    });
    const result = spawnSync(migrate.command![0], migrate.command!.slice(1), {
      cwd: ROOT,
      env: { ...process.env, ...migrate.environment, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('SEED_ADMIN_PASSWORD must not be the demo password');
  });

  it('demo seeds the demo staff accounts and bills', async () => {
    const migrate = migrateService('demo', {});
    runIn(databaseUrl, migrate.command!, migrate.environment);
    const users = await sql<{ email: string }>(databaseUrl, 'SELECT email FROM "User" ORDER BY email');
    expect(users.map((u) => u.email)).toEqual(
      expect.arrayContaining(['admin@councilpay.my', 'admin.mdpg@councilpay.my']),
    );
    const [payables] = await sql<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM "Payable"');
    expect(Number(payables.n)).toBeGreaterThan(0);
  });
});
