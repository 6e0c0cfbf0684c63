// The Node the images ship, and running tests on it. The Dockerfile's `node:<major>-…` base images say which
// major version production runs; `npm test` runs the libraries' tests on that version too (a Node binary from the
// npm registry's `node-<platform>-<arch>` package, kept under node_modules/.cache), so what ships is what is tested.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node major version of the Dockerfile's base images. */
export function shippedNodeMajor(dockerfile = join(ROOT, 'Dockerfile')) {
  const majors = [...readFileSync(dockerfile, 'utf8').matchAll(/^FROM\s+node:(\d+)-/gm)].map((m) => Number(m[1]));
  if (majors.length === 0) throw new Error('the Dockerfile has no node:<major> base image');
  return Math.max(...majors);
}

/**
 * The path of a Node binary of that major version: this one when it is that version, else one installed from the
 * registry into node_modules/.cache (once). Undefined, with the reason, when none can be had.
 */
export function shippedNodeBinary(major = shippedNodeMajor()) {
  if (Number(process.versions.node.split('.')[0]) === major) return { path: process.execPath };
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = join(ROOT, 'node_modules', '.cache', `node${major}`);
  const binary = join(prefix, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(binary)) {
    const install = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, `${pkg}@${major}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    if (install.status !== 0 || !existsSync(binary))
      return { reason: `npm install ${pkg}@${major} failed: ${(install.stderr || '').trim().split('\n').pop()}` };
  }
  return { path: binary };
}
