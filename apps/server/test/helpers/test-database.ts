import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';

/** Which engine this run's integration tests use: `TEST_DATABASE=postgres` needs DATABASE_URL. */
export const TEST_ENGINE = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** The migrated database every test file starts from, made once per run by global-setup.ts. */
export type TemplateDatabase = { engine: 'pglite'; dumpPath: string } | { engine: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  return url;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates a database once for the whole run: a PGlite data directory dumped to a file, or a
 * PostgreSQL database used as the template of every test file's. Loading the dump takes ~0.5 s
 * where opening and migrating took ~2.5 s, for every server test file.
 */
export async function createTemplateDatabase(dir: string): Promise<TemplateDatabase> {
  if (TEST_ENGINE === 'pglite') {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dumpPath = `${dir}/pglite-template.tar`;
    fs.writeFileSync(dumpPath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await handle.close();
    return { engine: 'pglite', dumpPath };
  }
  const name = `pinboard_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(name) });
  await migrateDatabase(handle);
  await handle.close();
  return { engine: 'postgres', name };
}

export async function dropTemplateDatabase(template: TemplateDatabase): Promise<void> {
  if (template.engine === 'postgres')
    await adminQuery(`drop database if exists ${template.name} with (force)`);
}

function databaseUrlFor(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite loaded from the run's
 * template, or a new PostgreSQL database copied from it and dropped by `close()`.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('templateDatabase');
  if (template.engine === 'pglite') {
    return openDatabase({ pgliteDump: new Blob([fs.readFileSync(template.dumpPath)]) });
  }
  const copy = await copyPostgresTemplate();
  const handle = await openDatabase({ databaseUrl: copy.url, maxConnections: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}

/**
 * A new PostgreSQL database copied from the run's migrated template, by URL: for servers the
 * test starts as processes of their own (test/proof/cluster.test.ts). `drop()` removes it.
 */
export async function copyPostgresTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('templateDatabase');
  if (template.engine !== 'postgres') throw new Error('copyPostgresTemplate needs TEST_DATABASE=postgres');
  const name = `pinboard_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template.name}`);
  return {
    url: databaseUrlFor(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
