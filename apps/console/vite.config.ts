import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(__dirname, '../..');

/** Matches modules of the given packages (an alternation; `/` matches either path separator). */
function packages(names: string): RegExp {
  const pattern = names.replaceAll('/', String.raw`[\\/]`);
  return new RegExp(String.raw`[\\/]node_modules[\\/](${pattern})[\\/]`);
}

export default defineConfig({
  // The API serves the built console at /console/ (CONSOLE_DIST); routes are hash routes below it.
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: {
      '@councilpay/domain': resolve(root, 'libs/domain/src/index.ts'),
      '@councilpay/i18n': resolve(root, 'libs/i18n/src/index.ts'),
    },
  },
  server: {
    port: 4201,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4301,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    // react-admin is one large, rarely changing dependency: cache it apart from the console's own code.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Same priority: the first group that matches a module takes it.
          groups: [
            { name: 'vendor-react', test: packages('react|react-dom|scheduler|react-router|react-router-dom') },
            { name: 'vendor-mui', test: packages('@mui/[^/]+|@emotion/[^/]+') },
            // Everything else from node_modules: react-admin, react-query, react-hook-form, lodash ...
            { name: 'vendor-react-admin', test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
