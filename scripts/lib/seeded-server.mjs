// A real server on a fresh, seeded PGlite data directory in a temp folder, for the browser
// tests and the web performance script. The caller stops it; stopping removes the folder.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, stopChild } from './processes.mjs';
import { repoRoot } from './web-build.mjs';

const HEALTH_TIMEOUT_MS = 120_000;

/** A TCP port nobody listens on right now. */
export function freePort() {
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

/**
 * Starts `apps/server` on a free port with a temp DATA_DIR seeded with `seedPins` demo pins.
 * Resolves at once with a handle (so an interrupt can stop it while it starts); await
 * `handle.ready` before using it. The web app must already be built.
 */
export async function launchSeededServer({
  tmpPrefix = 'pinboard-',
  seedPins = 120,
  logLevel,
  env: extraEnv = {},
} = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const tmp = await mkdtemp(path.join(os.tmpdir(), tmpPrefix));
  const logFile = path.join(tmp, 'server.log');
  const dataDir = path.join(tmp, 'data');
  const env = {
    ...process.env,
    PORT: String(port),
    // The address the browser uses: provider popups come back to it, mails link to it.
    PUBLIC_URL: baseUrl,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    SEED_PINS: String(seedPins),
    // Browser tests sign up and log in many times a minute from one address: no proof of work,
    // and the too-quick rule lets every login through (the API tests cover ALTCHA itself).
    BOT_CHECK: 'off',
    // A Playwright context pretends to be in a country with `extraHTTPHeaders: {'x-test-country': 'KR'}`.
    COUNTRY_HEADER: 'x-test-country',
    ...extraEnv,
  };
  if (logLevel) env.LOG_LEVEL = logLevel;
  // A fresh PGlite in DATA_DIR, even on CI where these point the other suites at shared services.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  const log = createWriteStream(logFile);
  const child = spawnServer({ cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);

  let stopping = null;
  const server = {
    baseUrl,
    tmp,
    /** The server's DATA_DIR: `npm run admin` with it hands its command to this server. */
    dataDir,
    logFile,
    /** Stops the server and removes its data; safe to call more than once. */
    stop: () =>
      (stopping ??= (async () => {
        await stopChild(child);
        log.end();
        await rm(tmp, { recursive: true, force: true });
      })()),
    /** Prints the end of the server log to stderr, to explain a failure. */
    printLogTail: async (lines = 60) => {
      const text = await readFile(logFile, 'utf8').catch(() => '');
      console.error(`--- last ${lines} lines of the server log (${logFile}) ---`);
      console.error(text.split('\n').slice(-lines).join('\n'));
    },
  };
  server.ready = waitForHealth(baseUrl, child).catch(async (error) => {
    await server.printLogTail();
    throw error;
  });
  return server;
}
