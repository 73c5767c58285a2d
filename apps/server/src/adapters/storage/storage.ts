import type { S3Settings } from '../../config.ts';

/**
 * Where rendered media lives. Keys are content-addressed paths such as
 * `ab/cd/<sha256>_236x.webp`, so a key never changes meaning once written: callers may cache
 * forever and skip work when a key exists. Local disk is the default; an S3-compatible bucket
 * implements the same calls.
 */
export interface MediaStorage {
  /** Stores `body` under `key`; readers never see a partly written object. Overwrites are allowed. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** The URL a browser fetches the object from (a path under /media locally, a bucket or CDN URL on S3). */
  urlFor(key: string): string;
  /**
   * Every media key stored, with when it was last written, in no promised order but with all
   * the keys of one hash together; locally also the temporary files of writes (`.tmp/…`, see
   * isTempKey), which a crash may have left. Anything else in the store is not listed.
   */
  list(): AsyncIterable<StoredObject>;
  /**
   * Removes a media key or a temporary file, unless it was written at or after `writtenBefore`
   * (checked just before removing, so a write racing the list is kept). Answers whether it went
   * (a bucket, asked without `writtenBefore`, answers true for a key already gone).
   */
  delete(key: string, options?: { writtenBefore?: Date }): Promise<boolean>;
}

export interface StoredObject {
  key: string;
  writtenAt: Date;
}

// Two hex shards, then a hash, a rendition name and an extension. Nothing else is a key, which
// keeps `..`, absolute paths and stray separators out of every adapter.
const MEDIA_KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}_[0-9a-z]+\.[0-9a-z]+$/;

/**
 * The key of one rendition of a content hash: two levels of two-hex-digit folders keep any
 * one directory small (65,536 leaves) on disk and spread prefixes on object stores.
 */
export function buildMediaKey(hash: string, rendition: string, extension: string): string {
  const key = `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}_${rendition}.${extension}`;
  assertMediaKey(key);
  return key;
}

/** Whether `key` is one `buildMediaKey` could have produced. */
export function isMediaKey(key: string): boolean {
  return MEDIA_KEY_PATTERN.test(key);
}

// A temporary file of a local write in progress: `.tmp/<uuid>.part`.
const TEMP_KEY_PATTERN = /^\.tmp\/[0-9a-f-]+\.part$/;

/** Whether `key` names a temporary file of a local write (never a media key). */
export function isTempKey(key: string): boolean {
  return TEMP_KEY_PATTERN.test(key);
}

/** Throws on anything that is not a key `buildMediaKey` could have produced. */
export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
}

/**
 * The base media URLs in a bucket start with: the public URL (a CDN) when set, else the bucket's
 * own address. Custom endpoints (MinIO, s3rver) get path-style addresses, which every
 * S3-compatible server answers; AWS S3 gets its virtual-hosted form.
 */
export function s3MediaBaseUrl(settings: S3Settings): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  if (settings.endpoint) return `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}`;
  return `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
}
