import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { BROWSER_LIB_ALIASES, precompress, productionBuild, stagedChunks } from '../../tools/vite.shared';

const { version } = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string };

/**
 * A first visit lands on the home page. Its first paint (the shell and the home page) comes in the entry's
 * chunks; right after it the home fetches the search form and (on a phone) the menu, in one more pair of
 * chunks. scripts/first-load-size.mjs checks both against their budgets.
 */
const STAGES = [
  { vendor: 'vendor', app: 'app', roots: ['src/features/search/HomePage.tsx'] },
  {
    vendor: 'vendor-home',
    app: 'home',
    roots: ['src/features/search/SearchPanel.tsx', 'src/app/MobileMenu.tsx'],
  },
];

export default defineConfig(async ({ command }) => {
  productionBuild(command);
  const codeSplitting = await stagedChunks(command, __filename, STAGES);
  return {
    base: './',
    plugins: [react(), precompress()],
    resolve: { alias: BROWSER_LIB_ALIASES },
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
      reportCompressedSize: true,
      manifest: true,
      chunkSizeWarningLimit: 700,
      rolldownOptions: { output: { codeSplitting } },
    },
  };
});
