// Runs the server integration tests a second time on PostgreSQL (and Redis when REDIS_URL is
// set). Without DATABASE_URL it says so in one line and skips, so a laptop run stays green.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('PostgreSQL run skipped: DATABASE_URL is not set (CI sets it; see .ci/run).');
  process.exit(0);
}

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('show server_version');
  console.log(`PostgreSQL run: server ${rows[0].server_version} at ${new URL(url).host}`);
} catch (error) {
  console.error(`DATABASE_URL is set but PostgreSQL is not reachable: ${error.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-own-process'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE: 'postgres' },
});
process.exit(result.status ?? 1);
