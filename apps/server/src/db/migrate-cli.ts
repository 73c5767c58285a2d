import path from 'node:path';
import { loadConfig } from '../config.ts';
import { acquireDataDirLock } from '../lib/data-dir-lock.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const config = loadConfig();
try {
  // PGlite's directory is one process's at a time; a running server has migrated it already.
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(handle);
  await handle.close();
  lock?.release();
  console.log(`Migrated the ${handle.kind} database.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
