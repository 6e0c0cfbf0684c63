/**
 * What the portal's and the console's Vite configurations share: the libs resolved from source, production
 * builds whatever NODE_ENV the caller has, and every text asset precompressed (brotli and gzip) so the API
 * (or nginx) serves the smaller file the browser accepts without compressing per request.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const ROOT = resolve(__dirname, '..');

/** The framework-free libs a browser app may use, resolved to their sources. */
export const BROWSER_LIB_ALIASES: Record<string, string> = {
  '@councilpay/domain': resolve(ROOT, 'libs/domain/src/index.ts'),
  '@councilpay/i18n': resolve(ROOT, 'libs/i18n/src/index.ts'),
};

/**
 * A build is a production build whatever NODE_ENV the calling shell has: NODE_ENV is for the processes that
 * run, not for the bundler (with NODE_ENV=development Vite bundles React's development build).
 */
export function productionBuild(command: 'build' | 'serve'): void {
  if (command === 'build') process.env.NODE_ENV = 'production';
}

/** Matches modules of the given packages (an alternation; `/` matches either path separator). */
export function packages(names: string): RegExp {
  const pattern = names.replaceAll('/', String.raw`[\\/]`);
  return new RegExp(String.raw`[\\/]node_modules[\\/](${pattern})[\\/]`);
}

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text asset of the build, for
 * the static file server to pick by the request's Accept-Encoding. Skips copies that would not be smaller.
 */
export function precompress(): Plugin {
  let outDir = '';
  let writes = true;
  return {
    name: 'councilpay:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      // The chunk probe builds in memory (write: false): there is nothing on disk to compress, and on a fresh
      // clone no output folder at all.
      writes = config.build.write !== false;
    },
    closeBundle() {
      if (!writes || !existsSync(outDir)) return;
      for (const path of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const raw = readFileSync(path);
        if (raw.length < MIN_BYTES) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${path}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}

/** True for a module that comes from a package, not from this repository's own sources. */
function isPackage(id: string): boolean {
  return /[\\/]node_modules[\\/]/.test(id);
}

const PROBE_ENV = 'COUNCILPAY_CHUNK_PROBE';

interface ProbedChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

/** A moment of a visit and the modules whose chunks it loads (the entry is part of the first stage). */
export interface LoadStage {
  /** Chunk name for the packages this stage needs first. */
  vendor: string;
  /** Chunk name for our own code this stage needs first. */
  app: string;
  /** Modules (path endings) whose code this stage runs, with everything they import statically. */
  roots: readonly string[];
}

/**
 * A probe build of the same configuration with the bundler's own chunking, kept in memory (nothing is
 * written): for each stage, the modules its roots' chunks and their static imports hold, after tree shaking
 * (so the answer is exact however a package re-exports), without those of earlier stages.
 */
async function probeStages(configFile: string, stages: readonly LoadStage[]): Promise<Set<string>[]> {
  const { build } = await import('vite');
  process.env[PROBE_ENV] = '1';
  try {
    const result = await build({ configFile, logLevel: 'silent', build: { write: false, manifest: false } });
    const chunks = (Array.isArray(result) ? result : [result])
      .flatMap((output) => (output as { output: unknown[] }).output)
      .filter((item): item is ProbedChunk => (item as { type?: string }).type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const taken = new Set<string>();
    return stages.map((stage, index) => {
      const pending = chunks.filter(
        (chunk) =>
          (index === 0 && chunk.isEntry) || chunk.moduleIds.some((id) => stage.roots.some((root) => id.endsWith(root))),
      );
      const seen = new Set<string>();
      const modules = new Set<string>();
      while (pending.length > 0) {
        const chunk = pending.pop() as ProbedChunk;
        if (seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        for (const id of chunk.moduleIds) if (!taken.has(id)) modules.add(id);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) pending.push(imported);
        }
      }
      for (const id of modules) taken.add(id);
      return modules;
    });
  } finally {
    delete process.env[PROBE_ENV];
  }
}

/**
 * Chunks shaped for a first visit on a phone: per stage of the visit (the first paint, then what the page
 * fetches right after it), one chunk of packages and one of our own code; every other package module in one
 * `vendor-ui` chunk (fetched by the first other page and cached for the rest); each route's own code in its
 * lazily loaded chunk. Few requests, and nothing a stage does not run. Returns the bundler's `codeSplitting`
 * option; inside the probe build, the bundler's own chunking (which is what the probe reads).
 */
export async function stagedChunks(
  command: 'build' | 'serve',
  configFile: string,
  stages: readonly LoadStage[],
): Promise<object | undefined> {
  if (command !== 'build' || process.env[PROBE_ENV]) return undefined;
  const sets = await probeStages(configFile, stages);
  const groups = stages.flatMap((stage, index) => [
    { name: stage.vendor, priority: 100 - 2 * index, test: (id: string) => isPackage(id) && sets[index].has(id) },
    { name: stage.app, priority: 99 - 2 * index, test: (id: string) => !isPackage(id) && sets[index].has(id) },
  ]);
  groups.push({ name: 'vendor-ui', priority: 1, test: isPackage });
  // Each group holds exactly its modules: following their imports would pull a barrel's lazy re-exports in.
  return { groups, includeDependenciesRecursively: false };
}
