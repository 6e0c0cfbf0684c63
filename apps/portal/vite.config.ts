import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(__dirname, '../..');
const { version } = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };

/** Matches modules of the given packages (an alternation; `/` matches either path separator). */
function packages(names: string): RegExp {
  const pattern = names.replaceAll('/', String.raw`[\\/]`);
  return new RegExp(String.raw`[\\/]node_modules[\\/](${pattern})[\\/]`);
}

/**
 * Vendor groups: long-cached chunks that every page needs. MUI's components are deliberately not
 * grouped, so those used only by lazily loaded dialogs and pages stay out of the home route's first load.
 */
const VENDOR_CHUNKS: ReadonlyArray<{ name: string; test: RegExp }> = [
  { name: 'vendor-react', test: packages('react|react-dom|scheduler') },
  { name: 'vendor-router', test: packages('react-router|react-router-dom') },
  { name: 'vendor-i18n', test: packages('i18next|react-i18next|html-parse-stringify|void-elements') },
  {
    name: 'vendor-mui-core',
    test: packages(
      '@emotion/[^/]+|@mui/system|@mui/styled-engine|@mui/utils|@mui/private-theming|@mui/material/(esm/)?(styles|utils)|stylis|@babel/runtime|hoist-non-react-statics|react-is|prop-types|clsx',
    ),
  },
];

export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@councilpay/domain': resolve(root, 'libs/domain/src/index.ts'),
      '@councilpay/i18n': resolve(root, 'libs/i18n/src/index.ts'),
    },
  },
  define: {
    // The version the update-required notice compares with the API's `appVersion`.
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
  },
  server: {
    port: 4200,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4300,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Vite prints each chunk's gzip size; scripts/first-load-size.mjs sums the home route's first load.
    reportCompressedSize: true,
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [...VENDOR_CHUNKS] } },
    },
  },
});
