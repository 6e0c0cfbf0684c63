// Helpers shared by scripts/start.mjs, scripts/test.mjs and scripts/e2e-server.mjs. Node built-ins only until
// dependencies are installed; `pg` is imported lazily.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nodeArgsFor } from './api-heap.mjs';

export { API_HEAP_MB, nodeArgsFor } from './api-heap.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const DEFAULTS = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/councilpay',
  REDIS_URL: 'redis://127.0.0.1:6379',
  PORT: '3000',
  SIM_PORT: '3100',
  COUNCIL_SIM_PORT: '3200',
  // Development only: the demo seed gives the demo staff this TOTP secret (base32), so `npm start` can print it
  // for an authenticator app and the scripts and browser tests can compute codes. Never set in production.
  DEMO_STAFF_TOTP_SECRET: 'COUNCILPAYDEMOSTAFFTOTPDEVONLY23',
};

export function log(message) {
  process.stdout.write(`\x1b[36m[councilpay]\x1b[0m ${message}\n`);
}

/** Runs a command to completion, inheriting output; throws with the command line when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with ${result.signal ?? `exit code ${result.status}`}`);
  }
}

export function node(script, args = [], options = {}) {
  run(process.execPath, [resolve(ROOT, script), ...args], options);
}

export function ensureInstalled() {
  if (existsSync(resolve(ROOT, 'node_modules', '.package-lock.json'))) return;
  log('installing dependencies (npm install with the committed lockfile) ...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Resolves when host:port accepts a TCP connection, rejects after `timeoutMs`. */
export function waitForPort(host, port, timeoutMs = 1000) {
  return new Promise((resolvePromise, reject) => {
    const socket = createConnection({ host, port: Number(port) });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`timeout connecting to ${host}:${port}`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.end();
      resolvePromise();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether `program` is on PATH (`env.PATH`). */
function onPath(program, env) {
  return spawnSync('sh', ['-c', `command -v ${program}`], { env, stdio: 'ignore' }).status === 0;
}

/**
 * What the front door does about each server the URLs name, as { name, host, port, start?, install }: `start`
 * is the command that starts it here (a local server that is installed), `install` what to tell a person
 * when it cannot be started.
 */
export function serverPlans(env) {
  const pg = new URL(env.DATABASE_URL);
  const redis = new URL(env.REDIS_URL);
  const compose = 'or run the whole product in containers: `docker compose --profile demo up`';
  const clusters = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort() : [];
  const redisPort = Number(redis.port || 6379);
  return [
    {
      name: 'PostgreSQL',
      host: pg.hostname,
      port: Number(pg.port || 5432),
      start:
        LOCAL_HOSTS.has(pg.hostname) && clusters.length > 0 && onPath('pg_ctlcluster', env)
          ? ['pg_ctlcluster', ['--skip-systemctl-redirect', clusters[clusters.length - 1], 'main', 'start']]
          : undefined,
      install:
        'install it (Debian/Ubuntu: `sudo apt-get install -y postgresql`; macOS: `brew install postgresql@16 && brew services start postgresql@16`), ' +
        `${compose}, or set DATABASE_URL`,
    },
    {
      name: 'Redis',
      host: redis.hostname,
      port: redisPort,
      start:
        LOCAL_HOSTS.has(redis.hostname) && onPath('redis-server', env)
          ? [
              'redis-server',
              [
                '--daemonize',
                'yes',
                '--bind',
                '127.0.0.1',
                '--port',
                String(redisPort),
                '--save',
                '',
                '--appendonly',
                'no',
              ],
            ]
          : undefined,
      install:
        'install it (Debian/Ubuntu: `sudo apt-get install -y redis-server`; macOS: `brew install redis && brew services start redis`), ' +
        `${compose}, or set REDIS_URL`,
    },
  ];
}

/** Whether something accepts connections at host:port within `withinMs` (tried every quarter second). */
async function answers(host, port, withinMs) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (
      await waitForPort(host, port, 1000).then(
        () => true,
        () => false,
      )
    )
      return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Makes sure PostgreSQL and Redis answer: a local server that is installed but stopped is started (as `.ci/run`
 * does); otherwise one message names each missing server and how to install it or point at another.
 */
export async function checkServices(env) {
  const problems = [];
  for (const plan of serverPlans(env)) {
    if (await answers(plan.host, plan.port, 0)) continue;
    if (plan.start) {
      log(
        `${plan.name} is not running at ${plan.host}:${plan.port}: starting it (${plan.start[0]} ${plan.start[1].join(' ')})`,
      );
      spawnSync(plan.start[0], plan.start[1], { env, stdio: 'inherit' });
      if (await answers(plan.host, plan.port, 30_000)) continue;
      problems.push(
        `${plan.name} did not start at ${plan.host}:${plan.port} (tried \`${plan.start[0]} ${plan.start[1].join(' ')}\`); start it yourself, ${plan.install}`,
      );
    } else {
      problems.push(`${plan.name} is not reachable at ${plan.host}:${plan.port}: ${plan.install}`);
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
}

/** Creates the database named in `databaseUrl` when it does not exist yet. */
export async function ensureDatabase(databaseUrl) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[\w-]+$/.test(name)) throw new Error(`DATABASE_URL names an unusual database "${name}"; create it by hand`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds the database of `env.DATABASE_URL`. */
export function migrateAndSeed(env, seedArgs = []) {
  node('scripts/prisma.mjs', ['migrate', 'deploy'], { env });
  // The demo seed (never production's, nor --reference) gives the demo staff the development TOTP secret.
  const demo = env.NODE_ENV !== 'production' && !seedArgs.includes('--reference');
  const seedEnv = demo ? { DEMO_STAFF_TOTP_SECRET: DEFAULTS.DEMO_STAFF_TOTP_SECRET, ...env } : env;
  node('node_modules/tsx/dist/cli.mjs', ['prisma/seed/index.ts', ...seedArgs], { env: seedEnv });
}

export function buildAll(env) {
  node('node_modules/nx/dist/bin/nx.js', ['run-many', '-t', 'build', '--output-style=stream'], {
    env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

/**
 * Starts the long-running processes (API, worker, gateway simulator) with prefixed output (to stdout, or to
 * `options.output`, a writable stream). Returns a stop function that sends SIGTERM to each, then SIGKILL to any
 * still alive after `graceMs`.
 */
export function startProcesses(specs, env, options = {}) {
  const output = options.output ?? process.stdout;
  const children = specs.map(({ name, script, extraEnv }) => {
    const child = spawn(process.execPath, [...nodeArgsFor(script), resolve(ROOT, script)], {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `\x1b[35m[${name}]\x1b[0m `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) output.write(`${prefix}${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      child.exited = true;
      if (!child.stopping) log(`${name} exited (${signal ?? code})`);
    });
    return child;
  });
  const stop = async (graceMs = 10_000) => {
    for (const child of children) {
      child.stopping = true;
      if (!child.exited) child.kill('SIGTERM');
    }
    const deadline = Date.now() + graceMs;
    while (children.some((c) => !c.exited) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    for (const child of children) if (!child.exited) child.kill('SIGKILL');
  };
  return { children, stop };
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      lastError = new Error(`${url} answered ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up: ${lastError?.message}`);
}

/** Removes every Redis key under `prefix` (a test run's keys). */
export async function deleteRedisPrefix(redisUrl, prefix) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

/**
 * The command line of a bench script: `numbers` are options taking a whole number above 0, each with its
 * `default` and, under `--quick` (small sizes, for trying the script out), its `quick` size; `flags` are
 * booleans with their defaults. `--drop` (drop the bench database afterwards) and `--quick` always exist.
 */
export function benchArgs(numbers, flags = {}) {
  const options = { quick: { type: 'boolean', default: false }, drop: { type: 'boolean', default: false } };
  for (const name of Object.keys(numbers)) options[name] = { type: 'string' };
  for (const [name, value] of Object.entries(flags)) options[name] = { type: 'boolean', default: value };
  const { values } = parseArgs({ options });
  const args = { ...values };
  for (const [name, spec] of Object.entries(numbers)) {
    const raw = values[name] ?? String(values.quick && spec.quick !== undefined ? spec.quick : spec.default);
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
      throw new Error(`--${name} needs a whole number above 0 (got "${raw}")`);
    }
    args[name] = value;
  }
  return args;
}

/** The rows of one query, on a connection of its own. */
export async function query(databaseUrl, sql, params = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A bench database: BENCH_DATABASE_URL, or database `defaultName` on the local server. Created when missing,
 * migrated, and seeded with `payables` generated payables (`npm run db:seed -- --payables N`) unless it holds
 * that many already, so the slow seeding happens once and later runs reuse it. Answers its URL and the number
 * of payables in it.
 */
export async function benchDatabase(defaultName, payables) {
  const url = new URL(process.env.BENCH_DATABASE_URL || DEFAULTS.DATABASE_URL);
  if (!process.env.BENCH_DATABASE_URL) url.pathname = `/${defaultName}`;
  const databaseUrl = url.toString();
  const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL };
  await ensureDatabase(databaseUrl);
  let have = 0;
  try {
    [{ n: have }] = await query(databaseUrl, `SELECT count(*)::int AS n FROM "Payable" WHERE "accountNo" ILIKE 'gen%'`);
  } catch {
    // A new database: not migrated yet.
  }
  if (have >= payables) {
    log(`bench database ${url.pathname.slice(1)} holds ${have} generated payables; not seeding`);
    node('scripts/prisma.mjs', ['migrate', 'deploy'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  } else {
    log(`seeding ${payables} generated payables into ${url.pathname.slice(1)} (a million take a few minutes) ...`);
    const started = Date.now();
    migrateAndSeed(env, ['--payables', String(payables)]);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await query(databaseUrl, 'ANALYZE "Payable"');
  const [{ total }] = await query(databaseUrl, 'SELECT count(*)::int AS total FROM "Payable"');
  return { databaseUrl, name: url.pathname.slice(1), total };
}

/**
 * What the API, worker and simulator of a bench run are started with: the bench database, a Redis prefix of
 * the run's own, its ports and dev keys, quiet logs, no static apps.
 */
export function benchEnv({ databaseUrl, port, simPort, keysDir, runId }) {
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL || DEFAULTS.REDIS_URL,
    REDIS_PREFIX: `cp-bench-${runId}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEV_KEYS_DIR: keysDir,
    PORTAL_DIST: '',
    CONSOLE_DIST: '',
    ...(simPort
      ? {
          SIM_PORT: String(simPort),
          SIM_HOST: '127.0.0.1',
          SIM_PUBLIC_URL: `http://127.0.0.1:${simPort}`,
          FPX_DIRECT_AC_URL: `http://127.0.0.1:${port}/api/gateways/fpx/direct`,
          FPX_INDIRECT_AC_URL: `http://127.0.0.1:${port}/api/gateways/fpx/indirect`,
        }
      : {}),
  };
}
