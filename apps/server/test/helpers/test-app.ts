import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { createMediaStorage, type MediaStorage } from '../../src/adapters/storage/index.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { factories, type Factories } from './factories.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  make: Factories;
  dataDir: string;
  /** Where the app keeps media: local disk under dataDir, or the bucket of S3_* settings. */
  storage: MediaStorage;
  /** Injects a request and parses the JSON body. */
  request(options: InjectOptions): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  adminToken?: string;
  /** Extra environment for loadConfig, e.g. `{ BOT_CHECK: 'altcha' }` (the default is `off`). */
  env?: Record<string, string>;
  /** Open no database of its own: run on this one (a second instance beside another TestApp). */
  db?: Database;
  /** Serve the web app from this build directory (a stand-in index.html and assets); off without it. */
  webDistDir?: string;
}

/** The whole app on a fresh database and data directory, for one test file. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const handle = options.db ? { db: options.db, close: async () => {} } : await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BOT_CHECK: 'off',
    ...options.env,
  });
  // Local disk under dataDir, or the bucket of S3_* settings given in `env`.
  const storage = await createMediaStorage(config);
  const app = await buildApp(
    {
      config: options.webDistDir ? { ...config, webDistDir: options.webDistDir } : config,
      db: handle.db,
      storage,
      ...(options.adminToken ? { adminToken: options.adminToken } : {}),
    },
    { webApp: Boolean(options.webDistDir) },
  );
  return {
    app,
    db: handle.db,
    make: factories(handle.db),
    dataDir,
    storage,
    async request(options) {
      const response = await app.inject(options);
      const isJson = String(response.headers['content-type'] ?? '').includes('json');
      return {
        status: response.statusCode,
        body: isJson ? response.json() : response.body,
        headers: response.headers,
      };
    },
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
