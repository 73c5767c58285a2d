import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** What every server file shares: the migrated template database, and its time limits. */
const server = {
  globalSetup: ['apps/server/test/helpers/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * The server files that keep a process of their own (decision 85): one replaces a package's
 * module for its whole process (`vi.mock`), two bound the process's memory.
 */
const SERVER_OWN_PROCESS = [
  'apps/server/test/api/auth-login.test.ts',
  'apps/server/test/api/media-uploads.test.ts',
  'apps/server/test/live-memory.test.ts',
];

/**
 * One run, five projects: pure rules in packages/shared, the server (integration tests
 * through app.inject on a fresh database per file, in two projects: `server` and
 * `server-own-process`), the web app's components and the repository scripts' own logic.
 * `TEST_DATABASE=postgres` (scripts/test-postgres.mjs) runs the server projects on PostgreSQL.
 *
 * How files are kept apart (decisions 80 and 85): the server's in the default `forks` pool, one
 * file after another in each worker process, which keeps its modules from file to file (every
 * module-scope cache of the server is keyed by database or app, so a file's app and database see
 * nothing of an earlier file's), and those of SERVER_OWN_PROCESS in a process each; the web in
 * the `vmThreads` pool, where each file gets a fresh jsdom window and module graph in a VM
 * context but jsdom itself is loaded once per worker (loading it took ~0.7 s a file); shared and
 * scripts without isolation, as their files hold no state, stub or mock.
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
          ...server,
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: SERVER_OWN_PROCESS,
          isolate: false,
        },
      },
      { test: { ...server, name: 'server-own-process', include: SERVER_OWN_PROCESS } },
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
