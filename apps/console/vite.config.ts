import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_LIB_ALIASES, packages, precompress, productionBuild } from '../../tools/vite.shared';

export default defineConfig(({ command }) => {
  productionBuild(command);
  return {
    // The API serves the built console at /console/ (CONSOLE_DIST); routes are hash routes below it.
    base: '/console/',
    plugins: [react(), precompress()],
    resolve: { alias: BROWSER_LIB_ALIASES },
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
  };
});
