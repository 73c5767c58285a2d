import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run, four projects: pure rules in packages/shared, the server (integration tests
 * through app.inject on a fresh database per file), the web app's components and the
 * repository scripts' own logic.
 * `TEST_DATABASE=postgres` (scripts/test-postgres.mjs) runs the server project on PostgreSQL.
 *
 * How files are kept apart (decision 80): the server in a process of its own per file (the
 * default `forks` pool, isolated: module-scope caches, `process` listeners and RSS measures stay
 * the file's own); the web in the `vmThreads` pool, where each file gets a fresh jsdom window and
 * module graph in a VM context but jsdom itself is loaded once per worker (loading it took ~0.7 s
 * a file); shared and scripts without isolation, as their files hold no state, stub or mock.
 */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to itself, which on a 2-core machine
    // runs one file at a time; the server files spend their time in a database engine (PGlite in
    // the worker, or waiting on PostgreSQL). On the 2-core CI machine a second worker took the
    // PGlite run from about 1,400 s to 546 s and the PostgreSQL run from 633 s to 306 s.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], isolate: false } },
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
          pool: 'vmThreads',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], isolate: false } },
    ],
  },
});
