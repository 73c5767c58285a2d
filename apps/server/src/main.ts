import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { createMediaStorage } from './adapters/storage/index.ts';
import { isDatabaseEmpty, seedDemo } from './cli/seed.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { acquireDataDirLock, adminToken } from './lib/data-dir-lock.ts';
import { sweepOrphanMedia } from './modules/media/media-sweep.ts';
import { uploadTempDir } from './modules/media/upload-receiver.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] });
const started = Date.now();

fs.mkdirSync(config.mediaDir, { recursive: true });
const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
  onConnectionError: (error) => log.error({ err: error }, 'database connection lost'),
});
await migrateDatabase(handle);
log.info({ database: handle.kind, ms: Date.now() - started }, 'database open and migrated');

const storage = await createMediaStorage(config);

// Files an upload wrote before a crash stopped it writing their row, on disk or in the bucket,
// and videos it was still receiving: nothing of this process has written any yet, and other
// instances' uploads in flight are younger than the grace period.
const sweep = await sweepOrphanMedia(
  handle.db,
  storage,
  new Date(started - config.mediaSweepGraceSeconds * 1000),
  { uploadTempDir: uploadTempDir(config.dataDir) },
);
if (sweep.removed > 0)
  log.warn(sweep, 'media sweep: removed files no row names, left by interrupted uploads');
else log.info(sweep, 'media sweep');
if (config.seedDemo !== false && (await isDatabaseEmpty(handle.db))) {
  const summary = await seedDemo(handle.db, {
    seed: config.seedNumber,
    pinCount: config.seedPins,
    storage,
    log: (message) => log.info(message),
  });
  log.info({ ...summary, ms: Date.now() - started }, 'demo seeded');
}

const app = await buildApp(
  { config, db: handle.db, storage, adminToken: adminToken(config.dataDir) },
  { logger: log },
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'shutting down');
  // A stuck connection must not keep the process alive forever.
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  // Keep-alive connections still open once requests had time to finish are cut: the bench's clients
  // kept about 50 after the live streams ended (none with a request in flight), and the close
  // waited for them until the exit above.
  const cut = setTimeout(() => app.server.closeAllConnections(), 3_000).unref();
  await app.close();
  clearTimeout(cut);
  await handle.close();
  lock?.release();
  clearTimeout(force);
  log.info('stopped');
}
process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));

const address = await app.listen({ port: config.port, host: config.host });
lock?.setUrl(address);
log.info({ url: config.publicUrl, ms: Date.now() - started }, 'ready');
