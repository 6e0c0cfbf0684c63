// Reports the JavaScript a first visit to the home route downloads (gzip), from the Vite manifest:
// the entry chunk, its static imports, and the home page chunk with its static imports.
// Usage: node scripts/first-load-size.mjs [budgetKb]   (after `vite build`; exits 1 over budget)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const budgetKb = Number(process.argv[2] ?? 180);

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
collect(entry);
const home = Object.keys(manifest).find((key) => key.endsWith('features/home/HomePage.tsx'));
collect(home);

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} kB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(2).padStart(8)} kB  first-load JS of the home route (gzip), budget ${budgetKb} kB`,
);
if (total / 1024 > budgetKb) process.exit(1);
