import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A server running as a child process, with the tail of what it printed. */
export interface ChildServer {
  label: string;
  baseUrl: string;
  child: ChildProcess;
  /** performance.now() just before the spawn, so start times include Node and tsx start-up. */
  spawnedAt: number;
  exited: Promise<ExitInfo>;
  /** Whether the child is still running. */
  isRunning(): boolean;
  /** The last lines the child wrote (stdout and stderr), for error reports. */
  outputTail(): string[];
  /** How many lines the child wrote in all; with LOG_LEVEL=warn each one is a warning or worse. */
  outputLineCount(): number;
  /** SIGTERM, then SIGKILL if the child has not exited within the grace period. */
  stop(graceMs?: number): Promise<ExitInfo>;
}

export interface SpawnOptions {
  label: string;
  /** Script path relative to `cwd`, run with `node --import tsx`. */
  script: string;
  cwd: string;
  port: number;
  env: NodeJS.ProcessEnv;
  nodeFlags?: string[];
}

const TAIL_LINES = 40;

/** A TCP port that was free a moment ago (the OS picks it), on the loopback interface. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function spawnServer(options: SpawnOptions): ChildServer {
  const tail: string[] = [];
  let lineCount = 0;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lineCount += 1;
      tail.push(line.length > 2000 ? `${line.slice(0, 2000)}...` : line);
      if (tail.length > TAIL_LINES) tail.shift();
    }
  };

  const spawnedAt = performance.now();
  // Not detached: a Ctrl-C in the terminal reaches the servers too, and each shuts down cleanly.
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', options.script], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      collect(Buffer.from(`spawn failed: ${error.message}`));
      resolve({ code: -1, signal: null });
    });
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;

  return {
    label: options.label,
    baseUrl: `http://127.0.0.1:${options.port}`,
    child,
    spawnedAt,
    exited,
    isRunning,
    outputTail: () => [...tail],
    outputLineCount: () => lineCount,
    async stop(graceMs = 15_000) {
      if (isRunning()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const info = await exited;
        clearTimeout(timer);
        return info;
      }
      return exited;
    },
  };
}

export interface ReadyProbe {
  path: string;
  /** `GET /` answers the web app only to clients that accept HTML, like a browser. */
  accept?: string;
}

/**
 * Polls until every probe answers 2xx in turn, and returns the milliseconds since the spawn.
 * Throws when the child exits first or the timeout passes, with what the child printed.
 */
export async function waitUntilServing(
  server: ChildServer,
  probes: ReadyProbe[],
  timeoutMs: number,
): Promise<number> {
  const deadline = server.spawnedAt + timeoutMs;
  let lastProblem = 'no answer yet';
  while (performance.now() < deadline) {
    if (!server.isRunning()) {
      const info = await server.exited;
      throw new ServerFailedError(server, `exited before serving (${describeExit(info)})`);
    }
    lastProblem = await probeAll(server.baseUrl, probes);
    if (lastProblem === '') return performance.now() - server.spawnedAt;
    await sleep(100);
  }
  throw new ServerFailedError(
    server,
    `not serving after ${Math.round(timeoutMs / 1000)} s (last: ${lastProblem})`,
  );
}

/** '' when every probe answered 2xx, else what went wrong with the first one that did not. */
async function probeAll(baseUrl: string, probes: ReadyProbe[]): Promise<string> {
  for (const probe of probes) {
    try {
      const response = await fetch(`${baseUrl}${probe.path}`, {
        headers: probe.accept ? { accept: probe.accept } : {},
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      if (response.status < 200 || response.status > 299)
        return `GET ${probe.path} answered ${response.status}`;
    } catch (error) {
      return `GET ${probe.path}: ${(error as Error).message}`;
    }
  }
  return '';
}

export function describeExit(info: ExitInfo): string {
  return info.signal ? `signal ${info.signal}` : `exit code ${info.code}`;
}

/** A server that would not start or died; the message carries the tail of its output. */
export class ServerFailedError extends Error {
  constructor(server: ChildServer, problem: string) {
    const tail = server.outputTail();
    const output = tail.length > 0 ? `\n  last output:\n    ${tail.join('\n    ')}` : ' (it printed nothing)';
    super(`${server.label}: ${problem}${output}`);
    this.name = 'ServerFailedError';
  }
}
