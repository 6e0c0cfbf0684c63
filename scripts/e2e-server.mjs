#!/usr/bin/env node
// The servers Playwright tests run against, like `npm start` but on a throwaway database, its own ports and
// Redis prefix, and dev keys made for the run. Started by playwright.config.ts (webServer); the database is
// dropped when it stops. Expects `npm run build` to have run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  DEFAULTS,
  ROOT,
  deleteRedisPrefix,
  dropDatabase,
  ensureDatabase,
  log,
  migrateAndSeed,
  node,
  startProcesses,
} from './lib.mjs';

/** The file the e2e tests read this run's database and simulator URLs from (one per E2E_PORT). */
function e2eEnvFile(port) {
  return resolve(ROOT, '.test-results', `e2e-env-${port}.json`);
}

async function main() {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const base = new URL(process.env.DATABASE_URL || DEFAULTS.DATABASE_URL);
  base.pathname = `/councilpay_e2e_${runId}`;
  const port = process.env.E2E_PORT || '3300';
  // The simulator's port follows the API's (3300 → 3400), so two runs side by side need only E2E_PORT apart.
  const simPort = process.env.E2E_SIM_PORT || String(Number(port) + 100);
  // The council simulator (webhooks) two hundred above (3300 → 3500).
  const councilSimPort = process.env.E2E_COUNCIL_SIM_PORT || String(Number(port) + 200);
  const keysDir = mkdtempSync(join(tmpdir(), 'councilpay-e2e-keys-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
    DATABASE_URL: base.toString(),
    REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
    REDIS_PREFIX: `cp-e2e-${runId}`,
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SIM_PORT: simPort,
    SIM_PUBLIC_URL: `http://127.0.0.1:${simPort}`,
    COUNCIL_SIM_PORT: councilSimPort,
    DEV_KEYS_DIR: keysDir,
    PORTAL_DIST: resolve(ROOT, 'apps/portal/dist'),
    CONSOLE_DIST: resolve(ROOT, 'apps/console/dist'),
    FPX_DIRECT_AC_URL: `http://127.0.0.1:${port}/api/gateways/fpx/direct`,
    FPX_INDIRECT_AC_URL: `http://127.0.0.1:${port}/api/gateways/fpx/indirect`,
  };
  await ensureDatabase(env.DATABASE_URL);
  migrateAndSeed(env);
  node('apps/gateway-sim/dist/dev-keys-cli.js', [], { env });
  const { stop } = startProcesses(
    [
      { name: 'api', script: 'apps/api/dist/main.js' },
      { name: 'worker', script: 'apps/api/dist/worker.js' },
      { name: 'gateway-sim', script: 'apps/gateway-sim/dist/main.js' },
      { name: 'council-sim', script: 'apps/council-sim/dist/main.js' },
    ],
    env,
  );
  log(
    `e2e servers on :${port} (API, portal, console), :${simPort} (gateway simulator) and :${councilSimPort} ` +
      `(council simulator), database ${base.pathname.slice(1)}`,
  );
  // For tests that look behind the API (the SMS sink, the configuration row): where this run's servers are.
  const envFile = e2eEnvFile(port);
  mkdirSync(dirname(envFile), { recursive: true });
  writeFileSync(
    envFile,
    `${JSON.stringify(
      {
        databaseUrl: env.DATABASE_URL,
        apiUrl: env.PUBLIC_URL,
        simUrl: env.SIM_PUBLIC_URL,
        councilSimUrl: `http://127.0.0.1:${councilSimPort}`,
      },
      null,
      2,
    )}\n`,
  );
  const shutdown = async () => {
    await stop(5000);
    rmSync(envFile, { force: true });
    await dropDatabase(env.DATABASE_URL).catch(() => undefined);
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  process.stderr.write(`[e2e-server] ${error.stack ?? error.message}\n`);
  process.exit(1);
});
