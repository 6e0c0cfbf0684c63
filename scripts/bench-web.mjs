#!/usr/bin/env node
// What the portal's home costs a browser: opens it in Debian's Chromium against the built product (API serving
// the portal, worker, gateway simulator on a throwaway database, as for the e2e tests) and prints, per visit,
// the requests until the network is idle, the bytes as served (compressed, on the wire), the JavaScript
// (gzip -9 of what was fetched, the budget's measure), and the time to a visible search field. A benchmark
// prints figures; it asserts nothing (apps/portal/e2e/home-weight.e2e.ts holds the budgets).
//
//   node scripts/bench-web.mjs [--runs 3] [--verbose]      (after `npm run build`)
//
// Visits: a desktop's first visit; a phone's (390x844) first visit over a slow mobile connection (150 ms
// round trip, 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's "slow 4G"); the same phone's second visit.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ROOT, freePort, log, waitForHttp } from './lib.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, verbose: { type: 'boolean', default: false } },
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs needs a whole number above 0');

const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

/** Starts the e2e servers (scripts/e2e-server.mjs) on free ports; resolves with their URL and a stop function. */
async function startServers() {
  const port = await freePort();
  const simPort = await freePort();
  const child = spawn(process.execPath, [resolve(ROOT, 'scripts/e2e-server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port), E2E_SIM_PORT: String(simPort), E2E_LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const baseUrl = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitForHttp(`${baseUrl}/api/health`, 120_000),
    exited.then((code) => {
      throw new Error(`the servers exited (${code}) before they were up`);
    }),
  ]);
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One visit of the home page in `page`, measured through the DevTools protocol. */
async function visit(page, baseUrl) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    requests.set(requestId, { url: request.url, type, bytes: 0, cached: false, status: 0, encoding: '' });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const entry = requests.get(requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = requests.get(requestId);
    if (!entry) return;
    entry.status = response.status;
    entry.cached ||= Boolean(response.fromDiskCache || response.fromPrefetchCache);
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    entry.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = requests.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  if (page.__throttle) await cdp.send('Network.emulateNetworkConditions', page.__throttle);

  await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
  await page.getByTestId('search-form').getByRole('textbox').first().waitFor({ state: 'visible', timeout: 60_000 });
  const searchVisibleMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  const fcpMs = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await cdp.detach();
  const list = [...requests.values()].filter((r) => !r.url.startsWith('data:'));
  return { list, searchVisibleMs, fcpMs };
}

/** gzip -9 size of every script the visit fetched (the same measure as the build's budget). */
async function scriptGzip(list) {
  let total = 0;
  for (const r of list.filter((entry) => entry.type === 'Script')) {
    const body = Buffer.from(await (await fetch(r.url, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function main() {
  const { chromium } = await import('@playwright/test');
  log('starting the product on a throwaway database ...');
  const servers = await startServers();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const rows = [];
  try {
    const profiles = [
      { name: 'desktop, first visit', context: { viewport: { width: 1280, height: 800 } }, repeat: false },
      { name: 'phone slow 4G, first visit', context: PHONE, throttle: SLOW_4G, repeat: false },
      { name: 'phone slow 4G, second visit', context: PHONE, throttle: SLOW_4G, repeat: true },
    ];
    for (const profile of profiles) {
      const samples = [];
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext(profile.context);
        const page = await context.newPage();
        page.__throttle = profile.throttle;
        if (profile.repeat) {
          await visit(page, servers.baseUrl); // the first visit fills the cache
        }
        samples.push(await visit(page, servers.baseUrl));
        await context.close();
      }
      const last = samples.at(-1);
      const network = last.list.filter((r) => !r.cached);
      const sample = {
        profile: profile.name,
        requests: last.list.length,
        fromNetwork: network.length,
        servedKb: network.reduce((sum, r) => sum + r.bytes, 0) / 1024,
        scripts: last.list.filter((r) => r.type === 'Script').length,
        scriptsServedKb: network.filter((r) => r.type === 'Script').reduce((sum, r) => sum + r.bytes, 0) / 1024,
        scriptsGzipKb: (await scriptGzip(last.list)) / 1024,
        fcpMs: median(samples.map((s) => s.fcpMs)),
        searchVisibleMs: median(samples.map((s) => s.searchVisibleMs)),
      };
      rows.push(sample);
      if (args.verbose) {
        process.stdout.write(`\n${profile.name}: every request of the last run\n`);
        for (const r of last.list) {
          process.stdout.write(
            `  ${String(r.status).padEnd(4)} ${r.type.padEnd(10)} ${(r.cached ? 'cache' : `${(r.bytes / 1024).toFixed(1)} kB`).padStart(9)} ${r.encoding.padEnd(5)} ${r.url.replace(servers.baseUrl, '')}\n`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    await servers.stop();
  }
  process.stdout.write(
    `\nThe portal's home in Chromium (median of ${RUNS} runs for the times; bytes of the last run)\n`,
  );
  process.stdout.write(
    `${'visit'.padEnd(30)}${'requests'.padStart(9)}${'network'.padStart(9)}${'served kB'.padStart(11)}${'JS files'.padStart(10)}${'JS served'.padStart(11)}${'JS gzip'.padStart(9)}${'FCP ms'.padStart(9)}${'search ms'.padStart(11)}\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${r.profile.padEnd(30)}${String(r.requests).padStart(9)}${String(r.fromNetwork).padStart(9)}${r.servedKb.toFixed(1).padStart(11)}${String(r.scripts).padStart(10)}${r.scriptsServedKb.toFixed(1).padStart(11)}${r.scriptsGzipKb.toFixed(1).padStart(9)}${r.fcpMs.toFixed(0).padStart(9)}${r.searchVisibleMs.toFixed(0).padStart(11)}\n`,
    );
  }
  process.stdout.write(
    'requests: all until the network is idle; network: those not answered from the browser cache; served: bytes received\n' +
      'including headers, compressed as served; JS gzip: gzip -9 of every script; search: ms from navigation to a visible search field.\n',
  );
}

main().catch((error) => {
  process.stderr.write(`[bench-web] ${error.stack ?? error.message}\n`);
  process.exit(1);
});
