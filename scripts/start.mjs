#!/usr/bin/env node
// `npm start`: the whole product with demo data on a fresh clone. Installs dependencies if missing, creates
// the database if missing, migrates, seeds (idempotently), builds, and runs the API (serving the portal and the
// console), the worker, the gateway simulator and the council simulator (the demo council's webhooks go to it).
// Ctrl-C stops everything it started.
import { resolve } from 'node:path';
import {
  DEFAULTS,
  ROOT,
  buildAll,
  checkServices,
  ensureDatabase,
  ensureInstalled,
  log,
  migrateAndSeed,
  node,
  startProcesses,
  waitForHttp,
} from './lib.mjs';
import { registerDemoWebhook } from './demo-webhook.mjs';

async function main() {
  ensureInstalled();
  const env = { ...process.env };
  for (const [key, value] of Object.entries(DEFAULTS)) env[key] ||= value;
  env.NODE_ENV ||= 'development';
  // The demo staff's second factor is a development setting: never carried into a production start.
  if (env.NODE_ENV === 'production') delete env.DEMO_STAFF_TOTP_SECRET;
  env.PUBLIC_URL ||= `http://localhost:${env.PORT}`;
  env.SIM_PUBLIC_URL ||= `http://localhost:${env.SIM_PORT}`;
  const councilSimUrl = `http://127.0.0.1:${env.COUNCIL_SIM_PORT}`;
  // The simulator sends the bank's answers to this API, on whatever PORT it runs.
  env.FPX_DIRECT_AC_URL ||= `http://localhost:${env.PORT}/api/gateways/fpx/direct`;
  env.FPX_INDIRECT_AC_URL ||= `http://localhost:${env.PORT}/api/gateways/fpx/indirect`;
  env.PORTAL_DIST ||= resolve(ROOT, 'apps/portal/dist');
  env.CONSOLE_DIST ||= resolve(ROOT, 'apps/console/dist');

  await checkServices(env);
  await ensureDatabase(env.DATABASE_URL);
  buildAll(env);
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
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ...`);
    await stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const api = `http://localhost:${env.PORT}`;
  await waitForHttp(`${api}/api/health`);
  await waitForHttp(`${env.SIM_PUBLIC_URL}/health`);
  await waitForHttp(`${councilSimUrl}/health`);
  // A demo nicety: if it cannot be set up (a changed demo password), everything else still runs.
  const endpointId = await registerDemoWebhook({
    apiUrl: api,
    simUrl: councilSimUrl,
    email: 'admin@councilpay.my',
    password: env.SEED_ADMIN_PASSWORD || 'Demo#CouncilPay2026',
  }).catch((error) => {
    log(`council simulator: no demo webhook endpoint (${error.message})`);
    return 'none';
  });
  log('CouncilPay is running:');
  log(`  portal         ${api}/`);
  log(`  console        ${api}/console/  (demo staff: admin@councilpay.my, password in README)`);
  if (env.DEMO_STAFF_TOTP_SECRET)
    log(
      `                 second factor of the demo staff (development only): add the key ${env.DEMO_STAFF_TOTP_SECRET} ` +
        'to an authenticator app (TOTP, 6 digits, 30 s), or scan the otpauth link below',
    );
  if (env.DEMO_STAFF_TOTP_SECRET)
    log(`                 otpauth://totp/CouncilPay:demo-staff?secret=${env.DEMO_STAFF_TOTP_SECRET}&issuer=CouncilPay`);
  log(`  API health     ${api}/api/health`);
  log(`  API docs       ${api}/api/docs`);
  log(`  gateway sim    ${env.SIM_PUBLIC_URL}/`);
  log(`  council sim    ${councilSimUrl}/  (mdpg's webhooks: endpoint ${endpointId})`);
  log('Press Ctrl-C to stop.');
}

main().catch((error) => {
  process.stderr.write(`\x1b[31m[councilpay]\x1b[0m ${error.message}\n`);
  process.exit(1);
});
