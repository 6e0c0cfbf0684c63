#!/usr/bin/env node
// `npm test`: everything CI checks, in order: build, the start smoke (`npm start` with no build cache, then
// Ctrl-C), then typecheck, lint and the libraries' tests on the Node the images ship side by side, the short chaos
// run (scripts/chaos), unit + integration tests (vitest, against the real PostgreSQL and Redis), end-to-end tests
// (Playwright in Debian's Chromium).
// Ends with one line "total: N passed, M failed".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { DEFAULTS, ROOT, buildAll, checkServices, ensureInstalled, log } from './lib.mjs';
import { shippedNodeBinary, shippedNodeMajor } from './shipped-node.mjs';
import { CHROMIUM_PATH } from './chromium.mjs';

const RESULTS = resolve(ROOT, '.test-results');

function step(name, command, args, env) {
  log(`${name} ...`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  log(`${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return result.status === 0;
}

/**
 * A step run beside others: its output is held and printed whole when it ends, so the log reads one step at a
 * time. For checks that read files only (typecheck, lint, the libraries' pure tests), never for timed ones.
 */
function stepBeside(name, command, args, env) {
  log(`${name} ... (beside other checks)`);
  const started = Date.now();
  return new Promise((resolveStep) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      log(`${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      resolveStep(code === 0);
    });
  });
}

function countVitest() {
  const file = resolve(RESULTS, 'vitest.json');
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.success ? 0 : report.numFailedTests ? 0 : 1),
  };
}

function countPlaywright() {
  const file = resolve(RESULTS, 'playwright.json');
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

async function main() {
  const started = Date.now();
  ensureInstalled();
  const env = {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_TUI: 'false',
    FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
  };
  for (const [key, value] of Object.entries(DEFAULTS)) env[key] ||= value;
  await checkServices(env);
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });

  buildAll(env);
  const checks = [
    // The README's first command on a new machine: npm start with no build cache, then Ctrl-C.
    step(
      'start smoke (npm start, build cache bypassed)',
      process.execPath,
      [resolve(ROOT, 'scripts/start-smoke.mjs')],
      env,
    ),
  ];
  // The libraries the API and the worker are built on, on the Node version the images run (Node 22 while this
  // machine's may be 20): pure tests, no database. Typecheck, lint and these read files only: they run side by
  // side, each mostly on one core.
  const major = shippedNodeMajor();
  const shipped = shippedNodeBinary(major);
  if (!shipped.path) log(`Node ${major}: ${shipped.reason}`);
  checks.push(
    ...(await Promise.all([
      stepBeside('typecheck', 'npm', ['run', '-s', 'typecheck'], env),
      stepBeside('lint', 'npm', ['run', '-s', 'lint'], env),
      shipped.path !== undefined &&
        stepBeside(
          `libraries' tests on Node ${major} (what the images run)`,
          shipped.path,
          [
            resolve(ROOT, 'node_modules/vitest/vitest.mjs'),
            'run',
            ...['domain', 'fpx', 'documents', 'i18n', 'webhooks'].flatMap((p) => ['--project', p]),
          ],
          env,
        ),
    ])),
  );
  // The short chaos run (scripts/chaos): a callback storm under faults, then the OpenAPI fuzzer; one test.
  const chaosOk = step(
    'chaos, short (callback storm under faults, OpenAPI fuzzer)',
    process.execPath,
    [resolve(ROOT, 'scripts/chaos/index.mjs'), '--short', '--skip-build'],
    env,
  );
  const vitestOk = step(
    'unit and integration tests (vitest)',
    process.execPath,
    [
      resolve(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resolve(RESULTS, 'vitest.json')}`,
    ],
    env,
  );
  if (!existsSync(CHROMIUM_PATH)) {
    log('Chromium is missing: install it with `apt-get install -y chromium` (bash .ci/run does).');
  }
  const e2eOk = step(
    'end-to-end tests (Playwright, Chromium)',
    process.execPath,
    [resolve(ROOT, 'node_modules/@playwright/test/cli.js'), 'test'],
    env,
  );

  const unit = countVitest();
  const e2e = countPlaywright();
  const passed = unit.passed + e2e.passed + (chaosOk ? 1 : 0);
  const failed =
    (chaosOk ? 0 : 1) +
    unit.failed +
    e2e.failed +
    checks.filter((ok) => !ok).length +
    (vitestOk || unit.failed ? 0 : 1) +
    (e2eOk || e2e.failed ? 0 : 1);
  log(
    `vitest: ${unit.passed} passed, ${unit.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed; ` +
      `start smoke ${checks[0] ? 'ok' : 'FAILED'}, typecheck ${checks[1] ? 'ok' : 'FAILED'}, lint ${checks[2] ? 'ok' : 'FAILED'}, ` +
      `Node ${major} ${checks[3] ? 'ok' : 'FAILED'}, chaos ${chaosOk ? 'ok' : 'FAILED'}; ` +
      `${((Date.now() - started) / 60000).toFixed(1)} min`,
  );
  process.stdout.write(`total: ${passed} passed, ${failed} failed\n`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`[councilpay] ${error.stack ?? error.message}\n`);
  process.stdout.write('total: 0 passed, 1 failed\n');
  process.exit(1);
});
