import { defineConfig } from 'vitest/config';

/**
 * One run, four projects: pure rules in packages/shared, the server (integration tests
 * through app.inject on a fresh database per file), the web app's components and the
 * repository scripts' own logic.
 * `TEST_DATABASE=postgres` (scripts/test-postgres.mjs) runs the server project on PostgreSQL.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
