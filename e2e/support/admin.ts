import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The e2e server's DATA_DIR (scripts/e2e.mjs sets it); unset against a server started elsewhere. */
export const e2eDataDir = process.env.E2E_DATA_DIR;

/**
 * Runs `npm run admin -- ...argv` for the e2e server: the CLI finds the server's lock and admin
 * token in its DATA_DIR and hands the command to it over HTTP. Resolves with what it printed.
 */
export async function runAdmin(...argv: string[]): Promise<string> {
  if (!e2eDataDir) throw new Error('E2E_DATA_DIR is not set: run `npm run test:e2e`, which sets it.');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: e2eDataDir };
  // The e2e server uses its own PGlite; never a shared database from the CI environment.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const cli = path.join(process.cwd(), 'apps/server/src/cli/admin.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, ...argv], { env, timeout: 60_000 });
  return stdout.trim();
}
