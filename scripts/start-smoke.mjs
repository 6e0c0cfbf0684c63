#!/usr/bin/env node
// The README's first command, tried as a new machine would: `npm start` with the build cache bypassed, in the
// background, on its own database, ports and Redis prefix. Passes when the API answers health 200 and the 24
// councils, the portal's `/` and the console's `/console/` come with production React, and Ctrl-C (SIGINT to
// the process group, as a terminal sends it) stops everything it started and frees its ports. Any failed step
// fails the run (exit 1). Part of `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS, ROOT, deleteRedisPrefix, dropDatabase, freePort, log } from './lib.mjs';

const START_TIMEOUT_MS = 20 * 60_000; // a cold build, migration and seed on a busy two-core machine
const STOP_TIMEOUT_MS = 30_000;

/** Markers that only React's development builds carry. */
const DEVELOPMENT_REACT = ['Download the React DevTools', 'jsxDEV('];

function fail(message) {
  throw new Error(message);
}

async function get(url, init) {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** The scripts a built page loads first: its module scripts and module preloads, resolved against the page. */
function scriptsOf(html, pageUrl) {
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) urls.add(new URL(src, pageUrl).href);
  for (const [tag] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = tag.match(/href="([^"]+)"/)?.[1];
    if (href) urls.add(new URL(href, pageUrl).href);
  }
  return [...urls];
}

async function checkPage(name, pageUrl) {
  const page = await get(pageUrl);
  if (page.status !== 200) fail(`${name}: ${pageUrl} answered ${page.status}`);
  if (!/^text\/html/.test(page.headers.get('content-type') ?? '')) fail(`${name}: ${pageUrl} is not HTML`);
  const scripts = scriptsOf(page.body, pageUrl);
  if (scripts.length === 0) fail(`${name}: ${pageUrl} loads no script`);
  let bytes = 0;
  for (const script of scripts) {
    const res = await get(script);
    if (res.status !== 200) fail(`${name}: ${script} answered ${res.status}`);
    const marker = DEVELOPMENT_REACT.find((m) => res.body.includes(m));
    if (marker) fail(`${name}: ${script} is a development build (it contains "${marker}")`);
    bytes += res.body.length;
  }
  log(
    `start smoke: ${name} ${pageUrl} with ${scripts.length} scripts (${(bytes / 1024).toFixed(0)} kB), production React`,
  );
}

function portIsFree(port) {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolvePort(true)));
  });
}

/** True while any process of the group led by `pid` is alive. */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`${what} within ${timeoutMs / 1000} s`);
}

async function main() {
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const database = new URL(process.env.DATABASE_URL || DEFAULTS.DATABASE_URL);
  database.pathname = `/councilpay_start_${runId}`;
  const port = await freePort();
  const simPort = await freePort();
  const councilSimPort = await freePort();
  const keysDir = mkdtempSync(join(tmpdir(), 'councilpay-start-keys-'));
  const env = {
    ...process.env,
    NX_SKIP_NX_CACHE: 'true',
    NODE_ENV: 'development',
    DATABASE_URL: database.toString(),
    REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
    REDIS_PREFIX: `cp-start-${runId}`,
    PORT: String(port),
    SIM_PORT: String(simPort),
    COUNCIL_SIM_PORT: String(councilSimPort),
    DEV_KEYS_DIR: keysDir,
    LOG_LEVEL: 'warn',
  };
  // Only what the product needs: the test runner's own settings must not reach it.
  for (const key of ['PUBLIC_URL', 'SIM_PUBLIC_URL', 'PORTAL_DIST', 'CONSOLE_DIST']) delete env[key];

  log(
    `start smoke: npm start on :${port} (simulator :${simPort}), database ${database.pathname.slice(1)}, no build cache`,
  );
  const started = Date.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output.push(chunk.toString());
      if (output.length > 400) output.shift();
    });
  }
  let exitCode = null;
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? signal;
      resolveExit();
    }),
  );

  const api = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (exitCode !== null) fail(`npm start exited (${exitCode}) before the API was up`);
        try {
          return (await fetch(`${api}/api/health`)).status === 200;
        } catch {
          return false;
        }
      },
      START_TIMEOUT_MS,
      'the API did not answer /api/health with 200',
    );
    log(`start smoke: /api/health 200 after ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const councils = await get(`${api}/api/councils`);
    const codes = new Set(JSON.parse(councils.body).map((council) => council.code));
    if (councils.status !== 200 || codes.size !== 24 || !codes.has('mdpg')) {
      fail(`/api/councils answered ${councils.status} with ${codes.size} codes, not the 24 with mdpg`);
    }
    log('start smoke: /api/councils lists the 24 councils');

    // The simulator answers for the bank to this API's port, not the default one.
    const sim = await get(`http://127.0.0.1:${simPort}/`);
    if (!sim.body.includes(`http://localhost:${port}/api/gateways/fpx/direct`)) {
      fail(`the simulator does not send the bank's answers to this API (:${port})`);
    }
    log(`start smoke: the simulator answers for the bank to :${port}`);

    // The council simulator runs and was given the demo endpoint's secret (mdpg's webhooks go to it).
    await waitFor(
      async () => {
        try {
          return (await (await fetch(`http://127.0.0.1:${councilSimPort}/control`)).json()).secrets >= 1;
        } catch {
          return false;
        }
      },
      120_000,
      'the council simulator was not given the demo webhook endpoint',
    );
    log(`start smoke: the council simulator (:${councilSimPort}) receives the demo council's webhooks`);

    await checkPage('portal', `${api}/`);
    await checkPage('console', `${api}/console/`);
  } catch (error) {
    process.stdout.write(`--- npm start said (last lines) ---\n${output.join('').split('\n').slice(-60).join('\n')}\n`);
    throw error;
  } finally {
    if (exitCode === null) {
      process.kill(-child.pid, 'SIGINT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, STOP_TIMEOUT_MS))]);
    }
    const stillRunning = groupAlive(child.pid);
    if (stillRunning) process.kill(-child.pid, 'SIGKILL');
    await dropDatabase(env.DATABASE_URL).catch(() => undefined);
    await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
    rmSync(keysDir, { recursive: true, force: true });
    if (stillRunning) fail(`processes of npm start were still running ${STOP_TIMEOUT_MS / 1000} s after Ctrl-C`);
  }
  // npm itself ends by the signal, as under a terminal's Ctrl-C; the product's own start script must stop cleanly.
  if (![0, 130, 'SIGINT'].includes(exitCode)) fail(`npm start exited with ${exitCode} after Ctrl-C`);
  if (!output.join('').includes('stopped')) fail('npm start did not report that it stopped its processes');
  for (const p of [port, simPort, councilSimPort]) {
    if (!(await portIsFree(p))) fail(`port ${p} is still taken after npm start stopped`);
  }
  log(`start smoke: Ctrl-C stopped every process and freed ports ${port}, ${simPort} and ${councilSimPort}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`[start-smoke] ${error.message}\n`);
    process.exit(1);
  },
);
