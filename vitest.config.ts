import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace; the browser journeys (e2e/) run apart.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
      { test: { name: 'lint', root: 'eslint', include: ['*.test.ts'] } },
      { test: { name: 'bridge-sim', root: 'tools/bridge-sim', include: ['src/**/*.test.ts'] } },
    ],
  },
});
