import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Real server processes for the proof suites: `node --import tsx apps/server/src/main.ts`, as
 * `npm start` runs it, started with an environment of the test's, waited on until it answers,
 * killed (SIGKILL, a crash) or stopped (SIGTERM, as an operator would).
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER_MAIN = 'apps/server/src/main.ts';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now (the server takes it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` (empty without a port). */
  readonly url: string;
  readonly spawnedAt: number;
  /** Resolves when the process has ended, however it ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** Everything it wrote to standard output and error so far. */
  output(): string;
}

/**
 * Spawns a Node.js script of the repository (the server by default; or e.g. the admin CLI) with
 * `env` as its whole environment, and PORT set to `port` when given. Its output is kept, and
 * also written to `log` when given.
 */
export function spawnServer(options: {
  env: NodeJS.ProcessEnv;
  port?: number;
  script?: string;
  args?: string[];
  log?: NodeJS.WritableStream;
}): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', options.script ?? SERVER_MAIN, ...(options.args ?? [])],
    {
      cwd: REPO_ROOT,
      env: options.port === undefined ? options.env : { ...options.env, PORT: String(options.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const chunks: Buffer[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    if (options.log) stream.pipe(options.log, { end: false });
  }
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return {
    child,
    url: options.port === undefined ? '' : `http://127.0.0.1:${options.port}`,
    spawnedAt: Date.now(),
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    output: () => Buffer.concat(chunks).toString(),
  };
}

const tail = (text: string, lines = 30) => text.split('\n').slice(-lines).join('\n');

/**
 * Waits until `GET /healthz` answers 200; answers the milliseconds since the spawn. Throws,
 * with the end of the process's output, if it exits first or does not answer within `timeoutMs`.
 */
export async function waitUntilReady(server: ServerProcess, timeoutMs: number): Promise<number> {
  const deadline = server.spawnedAt + timeoutMs;
  for (;;) {
    if (!server.running()) {
      await sleep(100); // the last lines of its output
      const { code, signal } = await server.exited;
      throw new Error(`the server exited while starting (${code ?? signal}):\n${tail(server.output())}`);
    }
    const ok = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return Date.now() - server.spawnedAt;
    if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms:\n${tail(server.output())}`);
    await sleep(50);
  }
}

/** SIGKILL: the process gets no chance to finish anything. Resolves once it has exited. */
export async function killServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, and SIGKILL if it has not exited after `graceMs`. Resolves once it has exited. */
export async function stopServer(server: ServerProcess, graceMs = 15_000): Promise<void> {
  if (!server.running()) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
  await server.exited;
  clearTimeout(timer);
}
