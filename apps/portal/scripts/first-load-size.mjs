// Reports the JavaScript the home route's first paint needs, from the Vite manifest: the entry chunk, its static
// imports, and the home page's chunk (when it has one of its own) with its static imports; gzip (level 9, the
// budget's measure) and brotli (what the API serves to browsers that accept it). What the home fetches after
// the first paint is measured in a real browser: apps/portal/e2e/home-weight.e2e.ts and `npm run bench:web`.
// Usage: node scripts/first-load-size.mjs [budgetKb]   (after `vite build`; exits 1 over budget)
//
// The budget: React DOM (~60 kB), MUI with emotion (~45 kB for a shell with buttons), i18next (~17 kB) and
// React Router (~12 kB) weigh ~135 kB before any of our code; a minimal page with these and one text field
// is 161 kB. The home's first paint is measured at ~162 kB.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetKb = Number(process.argv[2] ?? 165);

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}

collect(Object.keys(manifest).find((key) => manifest[key].isEntry));
collect(Object.keys(manifest).find((key) => key.endsWith('features/search/HomePage.tsx')));

const kB = (bytes) => `${(bytes / 1024).toFixed(2).padStart(8)} kB`;
let gzipTotal = 0;
let brotliTotal = 0;
for (const file of [...files].sort()) {
  const raw = readFileSync(join(dist, file));
  const gzip = gzipSync(raw, { level: 9 }).length;
  const brotli = brotliCompressSync(raw).length;
  gzipTotal += gzip;
  brotliTotal += brotli;
  console.log(`${kB(gzip)} gzip ${kB(brotli)} br  ${file}`);
}
console.log(
  `${kB(gzipTotal)} gzip ${kB(brotliTotal)} br  first paint of the home route: ${files.size} files, budget ${budgetKb} kB gzip`,
);
if (gzipTotal / 1024 > budgetKb) {
  console.error(
    `The home route's first paint needs ${(gzipTotal / 1024).toFixed(1)} kB of JS (gzip), over ${budgetKb} kB.`,
  );
  process.exit(1);
}
