// `npm start`: build the web app if its sources changed, then run the server in the foreground.
import { FORWARDED_SIGNALS, exitLike, spawnServer, waitForExit } from './lib/processes.mjs';
import { ensureWebBuild, repoRoot } from './lib/web-build.mjs';

try {
  await ensureWebBuild();
} catch (error) {
  console.error(`npm start: ${error.message}`);
  process.exit(1);
}

const server = spawnServer({ cwd: repoRoot });
// A process manager signals only us; pass it on so the server can shut down cleanly.
for (const signal of FORWARDED_SIGNALS) process.on(signal, () => server.kill(signal));

exitLike(await waitForExit(server));
