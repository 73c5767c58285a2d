import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import { mediaUploads } from '../../db/schema/media-uploads.ts';
import { users } from '../../db/schema/users.ts';
import type { ProcessedImage } from './image-pipeline.ts';

/**
 * The images rows of processed pictures, in their order; the same bytes stored twice share one
 * row. The hashes of one call must differ (one statement cannot update a row twice).
 */
export function upsertImages(db: Executor, processed: ProcessedImage[]) {
  return db
    .insert(images)
    .values(
      processed.map((image) => ({
        hash: image.hash,
        width: image.width,
        height: image.height,
        dominantColor: image.dominantColor,
        mime: image.mime,
        byteSize: image.byteSize,
        sizes: image.sizes,
      })),
    )
    .onConflictDoUpdate({ target: images.hash, set: { hash: sql`excluded.hash` } })
    .returning({ id: images.id, dominantColor: images.dominantColor });
}

/** Holds the uploader's row until the transaction ends, so two uploads cannot both fit the quota. */
export async function lockUploader(db: Executor, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Bytes of every upload the user keeps (their quota's use). */
export async function sumUploadBytes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${mediaUploads.byteSize}), 0)`.mapWith(Number) })
    .from(mediaUploads)
    .where(eq(mediaUploads.userId, userId));
  return row?.total ?? 0;
}

export type NewMediaUpload = typeof mediaUploads.$inferInsert;

export async function insertUpload(db: Executor, values: NewMediaUpload): Promise<{ id: number }> {
  const [row] = await db.insert(mediaUploads).values(values).returning({ id: mediaUploads.id });
  return row!;
}

/** What a stored upload became: its picture (or poster), its video, the bytes it counts for. */
export interface StoredMedia {
  imageId: number;
  videoKey: string | null;
  videoDurationMs: number | null;
  byteSize: number;
}

export async function markUploadReady(db: Executor, id: number, media: StoredMedia): Promise<void> {
  await db
    .update(mediaUploads)
    .set({ status: 'ready', ...media, errorCode: null })
    .where(eq(mediaUploads.id, id));
}

export async function markUploadFailed(db: Executor, id: number, errorCode: string): Promise<void> {
  await db.update(mediaUploads).set({ status: 'failed', errorCode }).where(eq(mediaUploads.id, id));
}

const uploadColumns = {
  id: mediaUploads.id,
  userId: mediaUploads.userId,
  kind: mediaUploads.kind,
  status: mediaUploads.status,
  imageId: mediaUploads.imageId,
  videoKey: mediaUploads.videoKey,
  videoDurationMs: mediaUploads.videoDurationMs,
  errorCode: mediaUploads.errorCode,
  imageSizes: images.sizes,
  dominantColor: images.dominantColor,
};

function selectUploads(db: Executor) {
  return db.select(uploadColumns).from(mediaUploads).leftJoin(images, eq(images.id, mediaUploads.imageId));
}

export type UploadRow = Awaited<ReturnType<ReturnType<typeof selectUploads>['execute']>>[number];

/** One of the user's uploads; someone else's is as missing as one that never existed. */
export async function findUploadOfUser(db: Executor, id: number, userId: number): Promise<UploadRow | null> {
  const [row] = await selectUploads(db).where(and(eq(mediaUploads.id, id), eq(mediaUploads.userId, userId)));
  return row ?? null;
}

export async function findUploadsOfUser(db: Executor, ids: number[], userId: number): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return selectUploads(db).where(and(inArray(mediaUploads.id, ids), eq(mediaUploads.userId, userId)));
}

/** The user's latest registration of this address that is pending or ready (reused, not fetched again). */
export async function findLiveRegistration(db: Executor, userId: number, sourceUrl: string) {
  const [row] = await selectUploads(db)
    .where(
      and(
        eq(mediaUploads.userId, userId),
        eq(mediaUploads.sourceUrl, sourceUrl),
        inArray(mediaUploads.status, ['pending', 'ready']),
      ),
    )
    .orderBy(desc(mediaUploads.id))
    .limit(1);
  return row ?? null;
}
