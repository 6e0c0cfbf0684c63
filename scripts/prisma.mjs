#!/usr/bin/env node
// Runs the Prisma CLI with the offline workarounds of prisma.config.ts (workaround 5: let the CLI exit
// instead of idling on the wasm engine's timers). Usage: node scripts/prisma.mjs <prisma args...>
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const unref = resolve(root, 'prisma', 'unref-timers.cjs');
const cli = resolve(root, 'node_modules', 'prisma', 'build', 'index.js');
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${unref}`.trim(),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
