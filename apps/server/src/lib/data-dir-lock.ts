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

/** The live server holding DATA_DIR, if any (a stale lock of a dead process is ignored). */
export function readServerLock(dataDir: string): ServerLock | null {
  try {
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as ServerLock;
    return lock.pid !== process.pid && isAlive(lock.pid) ? lock : null;
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
  const write = (url: string | null) => fs.writeFileSync(file, JSON.stringify({ pid: process.pid, url }));
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
