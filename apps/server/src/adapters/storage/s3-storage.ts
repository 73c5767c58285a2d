import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import { assertMediaKey, isMediaKey, s3MediaBaseUrl, type MediaStorage } from './storage.ts';

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
export function createS3Storage(
  settings: S3Settings,
  /** Keys a ListObjectsV2 page holds (S3's own cap is 1000); smaller in tests of paging. */
  { listPageSize = 1000 }: { listPageSize?: number } = {},
): MediaStorage {
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

    // ListObjectsV2 page by page, in key order: the keys of one hash are together.
    // A bucket has no temporary objects (a PUT is whole or nothing); other keys are not ours.
    async *list() {
      for await (const page of paginateListObjectsV2({ client, pageSize: listPageSize }, { Bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && isMediaKey(object.Key))
            yield { key: object.Key, writtenAt: object.LastModified };
        }
      }
    },

    async delete(key, options = {}) {
      assertMediaKey(key);
      try {
        if (options.writtenBefore) {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
          if (!head.LastModified || head.LastModified.getTime() >= options.writtenBefore.getTime())
            return false;
        }
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}
