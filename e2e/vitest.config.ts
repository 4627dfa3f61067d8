import { defineConfig } from 'vitest/config';

// Browser journeys against the real, built product; one at a time (each starts a server and Chromium).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
