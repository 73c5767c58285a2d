import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import { assertMediaKey, s3MediaBaseUrl, type MediaStorage } from './storage.ts';

/**
 * Keys are content hashes, so an object never changes once written: browsers and CDNs may keep
 * it for a year without asking again, as plugins/media.ts tells them for local files.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** How long the SDK waits for a connection and for an answer before it tries again (3 tries). */
const CONNECTION_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 30_000;

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Media in an S3-compatible bucket. A PUT makes an object visible only whole, so readers never
 * see part of one; the bucket (or the CDN in front of it) serves the objects to browsers.
 */
export function createS3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const base = s3MediaBaseUrl(settings);
  const Bucket = settings.bucket;

  return {
    async put(key, body, contentType) {
      assertMediaKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },

    async get(key) {
      assertMediaKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      assertMediaKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    urlFor(key) {
      assertMediaKey(key);
      return `${base}/${key}`;
    },
  };
}
