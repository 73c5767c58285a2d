// Child-process helpers shared by the start, dev and e2e scripts.
import { spawn } from 'node:child_process';

export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Resolves with how a child ended: its exit code, or the signal that killed it. */
export function waitForExit(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Asks a child to stop, and kills it if it has not after `graceMs`. */
export async function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await waitForExit(child);
  clearTimeout(timer);
}

/** `node --import tsx apps/server/src/main.ts`, with extra node flags such as --watch. */
export function spawnServer({ cwd, env = process.env, stdio = 'inherit', nodeFlags = [] }) {
  return spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    env,
    stdio,
  });
}

/** Ends this process the way the child ended, so callers (and CI) see the same outcome. */
export function exitLike({ code, signal }) {
  if (signal) {
    for (const name of FORWARDED_SIGNALS) process.removeAllListeners(name);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
}
