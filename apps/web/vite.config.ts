import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { REACT_CHUNK } from './build/manifest.ts';
import { precompressAssets } from './build/precompress-assets.ts';

// The API server of the dev setup; the built app is served by that same server in production.
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompressAssets()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Read by build/check-budgets.ts to know which files each page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React in a chunk of its own: a prerendered page evaluates it in a task before the app's
          // (public/boot-after-paint.js), two shorter tasks instead of one long one (issue 11).
          groups: [{ name: REACT_CHUNK, test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Mantine menus and transitions make the first render of a screen slower under jsdom.
    testTimeout: 15_000,
  },
});
