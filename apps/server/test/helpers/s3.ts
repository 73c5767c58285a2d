import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A running S3-protocol server (s3rver) with one empty bucket, for one test file. */
export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

// Run in a process of its own: s3rver ciphers the continuation tokens of ListObjectsV2 pages
// with DES, which Node's OpenSSL 3 offers only with --openssl-legacy-provider, so in this
// process any listing longer than a page would fail with an InternalError. The child exits
// when its standard input closes, so it never outlives the test process.
const SERVER = `
import S3rver from 's3rver';
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: process.env.S3RVER_DIRECTORY,
  silent: true,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
const { port } = await server.run();
process.stdout.write(port + '\\n');
process.stdin.resume();
process.stdin.on('close', () => server.close().then(() => process.exit(0)));
`;

/**
 * Starts s3rver on a free loopback port over a temporary directory, with a bucket named
 * `bucket`. Its default credentials are S3RVER / S3RVER; it serves objects to anonymous GETs
 * the way a public bucket or a CDN does.
 */
export async function startTestBucket(bucket = 'pinboard-media'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--input-type=module', '-e', SERVER], {
    cwd: import.meta.dirname,
    env: { ...process.env, S3RVER_DIRECTORY: directory, S3RVER_BUCKET: bucket },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('\n')) resolve(Number(out.trim()));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited while starting (${code})`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
