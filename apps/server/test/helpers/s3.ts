import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A running S3-protocol server (s3rver) with one empty bucket, for one test file. */
export interface TestBucket {
  endpoint: string;
  bucket: string;
  /** The S3_* settings that point the app at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts s3rver on a free loopback port over a temporary directory, with a bucket named
 * `bucket`. Its default credentials are S3RVER / S3RVER; it serves objects to anonymous GETs
 * the way a public bucket or a CDN does.
 */
export async function startTestBucket(bucket = 'pinboard-media'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pinboard-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
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
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
