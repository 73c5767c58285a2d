// Builds the web app only when its sources changed since the last build, so `npm start`
// and the e2e runner stay fast after the first run.
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const webDir = path.join(repoRoot, 'apps/web');
export const webDistIndex = path.join(webDir, 'dist/index.html');
/** The server renderer's build (decision 40). */
export const webDistServerEntry = path.join(webDir, 'dist/server/entry-server.js');

/** What the build reads. vite.config.ts is not named in the brief, but a changed config changes the output. */
const WEB_SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

async function mtimeOf(file) {
  return stat(file).then(
    (stats) => stats.mtimeMs,
    () => null,
  );
}

// Directories count too: deleting a file changes only its directory's mtime.
async function newestMtime(entry) {
  const stats = await stat(entry).catch(() => null);
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of await readdir(entry)) {
    newest = Math.max(newest, await newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Why the build must run, or null when dist is up to date. */
export async function webBuildStaleReason() {
  const builtAt = await mtimeOf(webDistIndex);
  if (builtAt === null) return 'apps/web/dist is missing';
  if ((await mtimeOf(webDistServerEntry)) === null) return 'apps/web/dist/server is missing';
  for (const source of WEB_SOURCES) {
    if ((await newestMtime(path.join(repoRoot, source))) > builtAt)
      return `${source} changed since the last build`;
  }
  return null;
}

export function viteBin() {
  const require = createRequire(path.join(webDir, 'package.json'));
  return path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
}

function runVite(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin(), ...args], { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * The web app's two builds, as `npm run build` runs them: the browser's into `outDir` (default
 * apps/web/dist), then the server renderer's (`src/entry-server.tsx`) into its `server/`.
 */
export async function runWebBuilds(outDir = path.join(webDir, 'dist')) {
  await runVite(['build', '--outDir', outDir], webDir);
  await runVite(['build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(outDir, 'server')], webDir);
}

/** Runs `vite build` when the web app is missing or older than its sources. */
export async function ensureWebBuild() {
  const reason = await webBuildStaleReason();
  if (reason === null) return;
  console.log(`Building the web app: ${reason}.`);
  await runWebBuilds();
}
