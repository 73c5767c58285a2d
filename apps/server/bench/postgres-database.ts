import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the bench creates its database when DATABASE_URL is not set (the CI machine's PostgreSQL). */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  name: string;
  /** The URL the server gets as DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/** The URL with any password hidden, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Why PostgreSQL cannot be used at adminUrl, or null when it can. */
export async function checkPostgres(adminUrl: string): Promise<string | null> {
  try {
    await withAdminClient(adminUrl, (client) => client.query('select 1'));
    return null;
  } catch (error) {
    const { message, code } = error as Error & { code?: string };
    return message || code || String(error);
  }
}

/**
 * A new database beside the admin URL's: empty, so the run migrates and seeds from nothing, or a
 * copy of `template` (a database an earlier `--keep` left, already seeded).
 */
export async function createBenchDatabase(adminUrl: string, template?: string): Promise<BenchDatabase> {
  const name = `pinboard_bench_${randomBytes(4).toString('hex')}`;
  // Both names are checked identifiers (hex, or --from's lower-case pattern), so quoting is enough.
  const copy = template === undefined ? '' : ` template "${template}"`;
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"${copy}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // FORCE: a server killed mid-shutdown may leave a session behind (PostgreSQL 13+).
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined),
  };
}
