import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { MediaStorage } from './storage.ts';

export type { MediaStorage } from './storage.ts';

/**
 * The configured media storage: the S3-compatible bucket of the S3_* settings, else local disk
 * under DATA_DIR/media. The S3 client is loaded only when a bucket is configured.
 */
export async function createMediaStorage(config: Pick<Config, 's3' | 'mediaDir'>): Promise<MediaStorage> {
  if (!config.s3) return createLocalStorage(config.mediaDir);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config.s3);
}
