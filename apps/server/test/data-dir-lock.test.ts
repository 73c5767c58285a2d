import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, processStartOf, readServerLock } from '../src/lib/data-dir-lock.ts';

let dataDir: string;
let other: ChildProcess;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-lock-'));
  // A live process that is not a server: what a crashed server's pid may belong to after a restart.
  other = spawn('sleep', ['60'], { stdio: 'ignore' });
});
afterAll(() => {
  other.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const writeLock = (lock: object) => fs.writeFileSync(path.join(dataDir, 'server.json'), JSON.stringify(lock));

describe('the DATA_DIR lock', () => {
  it('is taken over from a server that died without releasing it (SIGKILL)', () => {
    writeLock({ pid: 2 ** 22 + 7, url: 'http://127.0.0.1:1', started: 'x:1' });
    expect(readServerLock(dataDir)).toBeNull();
    acquireDataDirLock(dataDir).release();
  });

  it.skipIf(processStartOf(process.pid) === null)(
    'is taken over when the dead server’s pid now belongs to another process',
    () => {
      writeLock({ pid: other.pid, url: 'http://127.0.0.1:1', started: `${processStartOf(other.pid!)}0` });
      expect(readServerLock(dataDir)).toBeNull();
      const lock = acquireDataDirLock(dataDir);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8'))).toEqual({
        pid: process.pid,
        url: null,
        started: processStartOf(process.pid),
      });
      lock.release();
    },
  );

  it('is refused while the process that took it is alive', () => {
    writeLock({ pid: other.pid, url: null, started: processStartOf(other.pid!) });
    expect(readServerLock(dataDir)).toMatchObject({ pid: other.pid });
    expect(() => acquireDataDirLock(dataDir)).toThrow(`is in use by process ${other.pid}`);
    // A lock written before the start was kept: the pid alone decides, as it did.
    writeLock({ pid: other.pid, url: null });
    expect(() => acquireDataDirLock(dataDir)).toThrow(`is in use by process ${other.pid}`);
  });
});
