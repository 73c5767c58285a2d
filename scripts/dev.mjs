// `npm run dev`: the API server (restarting on change) and Vite (hot reload, proxying the API) together.
import { spawn } from 'node:child_process';
import { FORWARDED_SIGNALS, spawnServer, stopChild, waitForExit } from './lib/processes.mjs';
import { repoRoot, viteBin, webDir } from './lib/web-build.mjs';

// People use Vite's address in development, so provider popups and mailed links come back to it.
// Vite proxies the API to the server wherever PORT and HOST put it.
const env = {
  PUBLIC_URL: 'http://localhost:5173',
  API_PROXY_TARGET: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3000}`,
  ...process.env,
};
const children = [
  spawnServer({ cwd: repoRoot, env, nodeFlags: ['--watch'] }),
  spawn(process.execPath, [viteBin()], { cwd: webDir, env, stdio: 'inherit' }),
];

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => stopChild(child, 5_000)));
  process.exit(code);
}

for (const signal of FORWARDED_SIGNALS) process.on(signal, () => void stopAll(0));
// One half alone is no use: when either ends, end the other and report the first one's outcome.
const first = await Promise.race(children.map(waitForExit));
await stopAll(first.code ?? 1);
