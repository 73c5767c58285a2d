import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import { pinStoryPages } from '../../db/schema/media-uploads.ts';

/** An idea pin's pages in order, each with its picture's renditions. */
export async function listStoryPages(db: Executor, pinId: number) {
  return db
    .select({
      position: pinStoryPages.position,
      text: pinStoryPages.text,
      videoKey: pinStoryPages.videoKey,
      videoDurationMs: pinStoryPages.videoDurationMs,
      imageSizes: images.sizes,
    })
    .from(pinStoryPages)
    .innerJoin(images, eq(images.id, pinStoryPages.imageId))
    .where(eq(pinStoryPages.pinId, pinId))
    .orderBy(asc(pinStoryPages.position));
}

export type StoryPageRow = Awaited<ReturnType<typeof listStoryPages>>[number];

export interface NewStoryPage {
  imageId: number;
  videoKey: string | null;
  videoDurationMs: number | null;
  text: string;
}

/** Writes an idea pin's pages (positions 0..n-1) in the pin's transaction. */
export async function insertStoryPages(db: Executor, pinId: number, pages: NewStoryPage[]): Promise<void> {
  if (pages.length === 0) return;
  await db.insert(pinStoryPages).values(pages.map((page, position) => ({ pinId, position, ...page })));
}

/** Gives a saved copy of an idea pin the pages of the pin it was saved from. */
export async function copyStoryPages(db: Executor, fromPinId: number, toPinId: number): Promise<void> {
  await db.execute(sql`
    insert into ${pinStoryPages} (pin_id, position, image_id, video_key, video_duration_ms, text)
    select ${toPinId}, position, image_id, video_key, video_duration_ms, text
    from ${pinStoryPages} where pin_id = ${fromPinId}`);
}
