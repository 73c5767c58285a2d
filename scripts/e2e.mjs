// `npm run test:e2e`: Playwright against a real server on a fresh, seeded data directory.
// Extra arguments go to Playwright (`npm run test:e2e -- --grep 404`).
// With E2E_BASE_URL set, the tests run against that server instead and none is started (set
// E2E_DATA_DIR to its DATA_DIR too, or the tests that need admin commands are skipped).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { FORWARDED_SIGNALS, stopChild, waitForExit } from './lib/processes.mjs';
import { freePort, launchSeededServer } from './lib/seeded-server.mjs';
import { ensureWebBuild, repoRoot } from './lib/web-build.mjs';

/** Playwright's report, as printed: the end of it is repeated after the server's log on a failure. */
const report = [];

function runPlaywright(env) {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  const cli = path.join(path.dirname(require.resolve('@playwright/test/package.json')), 'cli.js');
  const child = spawn(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
    cwd: repoRoot,
    env,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    process.stdout.write(text);
    report.push(text);
  });
  return child;
}

/**
 * The summary of the list reporter (counts and the failed and flaky tests' names) and the first
 * lines of each error: what a reader of the run's last lines needs, after the server's log.
 */
function printSummary() {
  const lines = report.join('').split('\n');
  const start = lines.findIndex((line) => /^\s+\d+ (failed|flaky|interrupted)$/.test(line));
  const errors = lines.filter((line) =>
    /^\s+(\w*Error(?!\s+Context)\b|Expected|Received|Timeout)/.test(line),
  );
  console.error("--- Playwright's summary, repeated ---");
  console.error([...errors.slice(0, 20), ...(start >= 0 ? lines.slice(start) : lines.slice(-20))].join('\n'));
}

async function main() {
  const chromium = ensureChromium();
  const env = { ...process.env, CHROMIUM_PATH: chromium };

  if (env.E2E_BASE_URL) {
    const { code } = await waitForExit(runPlaywright(env));
    return code ?? 1;
  }

  await ensureWebBuild();
  let server = null;
  let playwright = null;
  let cleaning = null;
  // Once only: an interrupt and the normal end can both ask for it.
  const cleanup = () =>
    (cleaning ??= (async () => {
      if (playwright) await stopChild(playwright, 5_000);
      await server?.stop();
    })());
  for (const signal of FORWARDED_SIGNALS) {
    process.on(signal, () => void cleanup().finally(() => process.exit(128 + os.constants.signals[signal])));
  }

  try {
    console.log('Starting a server on a fresh, seeded data directory.');
    // A port for the test pages a spec serves itself (e2e/pin-create.spec.ts: the bookmarklet on a
    // strict-CSP page); the server's fetcher may reach it although it is loopback.
    const pagePort = await freePort();
    server = await launchSeededServer({
      tmpPrefix: 'pinboard-e2e-',
      seedPins: 120,
      env: { FETCH_ALLOW_HOSTS: `127.0.0.1:${pagePort}` },
    });
    await server.ready;
    console.log(`Server on ${server.baseUrl} (data in ${server.tmp}).`);
    // E2E_DATA_DIR lets a test run admin commands against this server (e2e/support/admin.ts).
    playwright = runPlaywright({
      ...env,
      E2E_BASE_URL: server.baseUrl,
      E2E_DATA_DIR: server.dataDir,
      E2E_PAGE_PORT: String(pagePort),
    });
    const { code } = await waitForExit(playwright);
    if (code !== 0) {
      await server.printLogTail();
      printSummary();
    }
    return code ?? 1;
  } finally {
    await cleanup();
  }
}

const exitCode = await main().catch((error) => {
  console.error(`test:e2e: ${error.message}`);
  return 1;
});
process.exit(exitCode);
