import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holds, readDockerfile } from './dockerfile';
import { shippedNodeMajor } from '../../scripts/shipped-node.mjs';

const ROOT = resolve(__dirname, '../..');
const stages = readDockerfile(resolve(ROOT, 'Dockerfile'));
const rootManifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The workspaces whose builds the `server` image holds, and their source folders. */
const SHIPPED = ['apps/api', 'libs/domain', 'libs/fpx', 'libs/documents', 'libs/i18n', 'libs/webhooks'];

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      // Test helpers are built too but never loaded by the API or the worker.
      if (entry.name !== 'testing' && entry.name !== 'node_modules') files.push(...sourceFiles(path));
    } else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(spec|test)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    ) {
      files.push(path);
    }
  }
  return files;
}

/** The packages a source file loads when it runs: value imports, requires and require.resolve of a literal. */
function runtimePackages(text: string): string[] {
  const names: string[] = [];
  const patterns = [
    /^\s*import\s+(?!type\s)[^'";]*?from\s+['"]([^'"]+)['"]/gm,
    /^\s*import\s+['"]([^'"]+)['"]/gm,
    /^\s*export\s+(?!type\s)[^'";]*?from\s+['"]([^'"]+)['"]/gm,
    /\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns)
    for (const [, specifier] of text.matchAll(pattern)) {
      if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
      if (!builtinModules.includes(name)) names.push(name);
    }
  return names;
}

describe('the images', () => {
  it('every base image is pinned by a digest, and every Node image is the Node the project says it runs', () => {
    const problems: string[] = [];
    for (const stage of stages.values()) {
      if (stages.has(stage.from)) continue;
      if (!/@sha256:[0-9a-f]{64}$/.test(stage.from)) problems.push(`${stage.name}: ${stage.from} has no digest`);
      const node = /^node:(\d+)-/.exec(stage.from);
      if (node && Number(node[1]) !== shippedNodeMajor())
        problems.push(`${stage.name}: Node ${node[1]}, not ${shippedNodeMajor()}`);
    }
    expect(problems).toEqual([]);
    // A supported LTS line (Node 20 left support on 30 April 2026), and one the project declares it runs on.
    expect(shippedNodeMajor()).toBeGreaterThanOrEqual(22);
    expect(rootManifest.engines.node).toContain(`^${shippedNodeMajor()}.`);
  });

  it('the server image takes its packages only from an install without development dependencies', () => {
    const server = stages.get('server')!;
    const modules = server.copies.filter((c) => c.destination === '/app/node_modules' || c.destination === '/app');
    expect(modules.map((c) => `${c.fromStage}:${c.source}`)).toEqual(['production-dependencies:/app/node_modules']);
    const installer = stages.get('production-dependencies')!;
    expect(installer.runs.filter((run) => /npm (install|ci)\b/.test(run))).toEqual([
      expect.stringMatching(/--omit=dev/),
    ]);
    // No copy of the whole workspace (which would bring the build's node_modules with it).
    expect(server.copies.filter((c) => c.source === '/app' || c.source === '.')).toEqual([]);
  });

  it('each stage that installs packages first copies every workspace manifest (the lockfile names them all)', () => {
    const workspaces = readdirSync(resolve(ROOT, 'apps'))
      .map((d) => `apps/${d}`)
      .concat(readdirSync(resolve(ROOT, 'libs')).map((d) => `libs/${d}`))
      .filter((d) => existsSync(resolve(ROOT, d, 'package.json')));
    for (const name of ['build', 'production-dependencies']) {
      const copied = stages
        .get(name)!
        .copies.filter((c) => !c.fromStage)
        .map((c) => c.source);
      for (const workspace of workspaces)
        expect(copied, `${name} copies ${workspace}/package.json`).toContain(`${workspace}/package.json`);
    }
  });

  it('every package the API and the worker load is a production dependency of a workspace the image ships', () => {
    const production = new Set(Object.keys(rootManifest.dependencies));
    const workspaces = new Set<string>();
    for (const folder of SHIPPED) {
      const manifest = JSON.parse(readFileSync(resolve(ROOT, folder, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
      };
      workspaces.add(manifest.name);
      for (const name of Object.keys(manifest.dependencies ?? {})) production.add(name);
    }
    const missing = new Set<string>();
    for (const folder of SHIPPED)
      for (const file of sourceFiles(resolve(ROOT, folder, 'src')))
        for (const name of runtimePackages(readFileSync(file, 'utf8')))
          if (!production.has(name) && !workspaces.has(name)) missing.add(`${name} (${relative(ROOT, file)})`);
    expect([...missing].sort()).toEqual([]);
  });

  it('finds an undeclared or development-only import (the check above is not vacuous)', () => {
    expect(runtimePackages(`import ExcelJS from 'exceljs';\nimport type { X } from 'typescript';`)).toEqual([
      'exceljs',
    ]);
    expect(runtimePackages(`const u = require('unzipper/lib/x');\nimport('pg');`)).toEqual(['unzipper', 'pg']);
    expect(runtimePackages(`import { readFileSync } from 'node:fs';\nimport { join } from 'path';`)).toEqual([]);
  });

  it('the server image holds what its processes run, and the migrate image what migrations need', () => {
    for (const file of [
      'apps/api/dist/main.js',
      'apps/api/dist/worker.js',
      'apps/portal/dist',
      'apps/console/dist',
      'libs/documents/dist',
      'scripts/migration-gate.mjs',
      'prisma/migrations',
    ])
      expect(holds(stages, 'server', file), `server holds ${file}`).toBe(true);
    for (const file of ['scripts/prisma.mjs', 'prisma/seed/index.ts', 'prisma/schema.prisma', 'prisma.config.ts'])
      expect(holds(stages, 'server', file), `server does not hold ${file}`).toBe(false);
    for (const file of ['scripts/prisma.mjs', 'prisma/seed/index.ts', 'prisma/migrations', 'apps/api/src/bills'])
      expect(holds(stages, 'migrate', file), `migrate holds ${file}`).toBe(true);
  });
});
