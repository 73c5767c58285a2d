import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite allows one process per data directory. The server holds `server.json` in DATA_DIR
 * (its pid and address); admin commands read it to hand their work to the running server,
 * authenticated by `admin-token` (readable only by the owner of DATA_DIR).
 */
export interface ServerLock {
  pid: number;
  url: string | null;
  /** The holder's start (see processStartOf); absent in a lock written before it was kept. */
  started?: string | null;
}

const LOCK_FILE = 'server.json';
const TOKEN_FILE = 'admin-token';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started, as the system keeps it (Linux: boot id and start tick from /proc),
 * or null where the system does not say. A server killed with SIGKILL leaves its lock behind;
 * after a restart of the machine or container its pid may belong to another process, which
 * must not be taken for the holder.
 */
export function processStartOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const startTicks = fields[19]; // field 22, starttime
    return startTicks ? `${boot}:${startTicks}` : null;
  } catch {
    return null;
  }
}

/** The live server holding DATA_DIR, if any (a stale lock of a dead process is ignored). */
export function readServerLock(dataDir: string): ServerLock | null {
  try {
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as ServerLock;
    if (lock.pid === process.pid || !isAlive(lock.pid)) return null;
    // Alive, but another process now has the pid: the holder died.
    const started = lock.started ? processStartOf(lock.pid) : null;
    return started && started !== lock.started ? null : lock;
  } catch {
    return null;
  }
}

/** Takes DATA_DIR for this process or throws naming the process that holds it. */
export function acquireDataDirLock(dataDir: string): { setUrl(url: string): void; release(): void } {
  const file = path.join(dataDir, LOCK_FILE);
  const holder = readServerLock(dataDir);
  if (holder) {
    throw new Error(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid}. Stop it or use another DATA_DIR.`,
    );
  }
  const started = processStartOf(process.pid);
  const write = (url: string | null) =>
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, url, started } satisfies ServerLock));
  write(null);
  return {
    setUrl: (url) => write(url),
    release: () => fs.rmSync(file, { force: true }),
  };
}

/** The admin token of DATA_DIR, created on first use. */
export function adminToken(dataDir: string): string {
  const file = path.join(dataDir, TOKEN_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const token = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, token, { mode: 0o600 });
    return token;
  }
}
