import fs from 'node:fs';
import path from 'node:path';
import { createInvalidationBus, type InvalidationBus } from '../adapters/invalidation/index.ts';
import { createMailer, type Mailer } from '../adapters/mail/index.ts';
import { createOutbox } from '../adapters/outbox/outbox.ts';
import { createMediaStorage } from '../adapters/storage/index.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { acquireDataDirLock, adminToken, readServerLock } from '../lib/data-dir-lock.ts';
import { onSignedOutAnswersCleared } from '../lib/signed-out-answers.ts';
import { SESSION_INVALIDATION_CHANNEL, onSessionsForgotten } from '../modules/auth/session-lookups.ts';
import { AdminUsageError, runAdminCommand } from './commands.ts';

/** Sends the command to the server that holds DATA_DIR. */
async function runOnServer(url: string, dataDir: string, argv: string[]) {
  const response = await fetch(new URL('/__admin/run', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken(dataDir)}` },
    body: JSON.stringify({ argv }),
  });
  const body = (await response.json()) as { ok?: boolean; output?: string; resource_response?: unknown };
  return { ok: response.ok && body.ok === true, output: body.output ?? JSON.stringify(body) };
}

async function runLocally(argv: string[]) {
  const config = loadConfig();
  fs.mkdirSync(config.mediaDir, { recursive: true });
  // Hold DATA_DIR so a server cannot open the same PGlite directory meanwhile.
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  // What the command changes may be in running instances' visitor caches, or end sessions they
  // keep (decision 70): it tells them (Redis), each on its own channel.
  const invalidation = createInvalidationBus(config.redisUrl);
  const sessionInvalidation = createInvalidationBus(config.redisUrl, SESSION_INVALIDATION_CHANNEL);
  let mailer: Mailer | null = null;
  const tell = (bus: InvalidationBus) => () =>
    bus.publish().catch((error: unknown) => console.error(`Could not tell the servers: ${error}`));
  const stopPublishing = onSignedOutAnswersCleared(tell(invalidation));
  const stopPublishingSessions = onSessionsForgotten(tell(sessionInvalidation));
  try {
    await migrateDatabase(handle);
    // The command's own mailer: SMTP when configured, else the development outbox.
    const outboxLog = { info: (_: Record<string, unknown>, message: string) => console.error(message) };
    mailer = createMailer(config, createOutbox(handle.db, outboxLog));
    const output = await runAdminCommand(
      { db: handle.db, config, storage: await createMediaStorage(config), mailer },
      argv,
    );
    return { ok: true, output };
  } finally {
    await mailer?.close();
    stopPublishing();
    stopPublishingSessions();
    await Promise.all([invalidation.close(), sessionInvalidation.close()]);
    await handle.close();
    lock?.release();
  }
}

const argv = process.argv.slice(2);
try {
  const config = loadConfig();
  const server = config.databaseUrl ? null : readServerLock(config.dataDir);
  if (server && !server.url)
    throw new AdminUsageError('The server holding DATA_DIR is still starting; try again in a moment.');
  const result = server?.url ? await runOnServer(server.url, config.dataDir, argv) : await runLocally(argv);
  (result.ok ? console.log : console.error)(result.output);
  process.exitCode = result.ok ? 0 : 2;
} catch (error) {
  console.error(error instanceof AdminUsageError ? error.message : error);
  process.exitCode = error instanceof AdminUsageError ? 2 : 1;
}
