// `npm run test:e2e`: Playwright against a real server on a fresh, seeded data directory.
// Extra arguments go to Playwright (`npm run test:e2e -- --grep 404`).
// With E2E_BASE_URL set, the tests run against that server instead and none is started.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { FORWARDED_SIGNALS, spawnServer, stopChild, waitForExit } from './lib/processes.mjs';
import { ensureWebBuild, repoRoot } from './lib/web-build.mjs';

const HEALTH_TIMEOUT_MS = 120_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error('the server exited while starting');
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET ${baseUrl}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

async function printLogTail(logFile, lines = 60) {
  const log = await readFile(logFile, 'utf8').catch(() => '');
  console.error(`--- last ${lines} lines of the server log (${logFile}) ---`);
  console.error(log.split('\n').slice(-lines).join('\n'));
}

function runPlaywright(env) {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
  return spawn(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  });
}

async function main() {
  const chromium = ensureChromium();
  const env = { ...process.env, CHROMIUM_PATH: chromium };

  if (env.E2E_BASE_URL) {
    const { code } = await waitForExit(runPlaywright(env));
    return code ?? 1;
  }

  await ensureWebBuild();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'pinboard-e2e-'));
  const logFile = path.join(tmp, 'server.log');
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    SEED_DEMO: '1',
    SEED_PINS: '120',
    BOT_CHECK: 'off',
  };
  // A fresh PGlite in DATA_DIR, even on CI where these point the other suites at shared services.
  delete serverEnv.DATABASE_URL;
  delete serverEnv.REDIS_URL;

  const log = createWriteStream(logFile);
  const server = spawnServer({ cwd: repoRoot, env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.pipe(log);
  server.stderr.pipe(log);

  let playwright = null;
  let cleaning = null;
  // Once only: an interrupt and the normal end can both ask for it.
  const cleanup = () =>
    (cleaning ??= (async () => {
      if (playwright) await stopChild(playwright, 5_000);
      await stopChild(server);
      log.end();
      await rm(tmp, { recursive: true, force: true });
    })());
  for (const signal of FORWARDED_SIGNALS) {
    process.on(signal, () => void cleanup().finally(() => process.exit(128 + os.constants.signals[signal])));
  }

  try {
    console.log(`Starting the server on ${baseUrl} (data in ${tmp}).`);
    await waitForHealth(baseUrl, server);
    playwright = runPlaywright({ ...env, E2E_BASE_URL: baseUrl });
    const { code } = await waitForExit(playwright);
    if (code !== 0) await printLogTail(logFile);
    return code ?? 1;
  } catch (error) {
    console.error(`test:e2e: ${error.message}`);
    await printLogTail(logFile);
    return 1;
  } finally {
    await cleanup();
  }
}

const exitCode = await main().catch((error) => {
  console.error(`test:e2e: ${error.message}`);
  return 1;
});
process.exit(exitCode);
