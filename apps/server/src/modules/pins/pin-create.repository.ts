import type { Executor } from '../../db/client.ts';
import { pins } from '../../db/schema/pins.ts';

export type NewCreatedPin = Pick<
  typeof pins.$inferInsert,
  | 'pinnerId'
  | 'boardId'
  | 'sectionId'
  | 'title'
  | 'description'
  | 'link'
  | 'domain'
  | 'hashtags'
  | 'imageId'
  | 'dominantColor'
  | 'videoKey'
  | 'videoDurationMs'
  | 'storyPageCount'
  | 'createdMethod'
>;

/** Inserts a pin made from the viewer's own media. Counts and last_pinned_to_at follow by trigger (migration 0001). */
export async function insertCreatedPin(db: Executor, pin: NewCreatedPin): Promise<{ id: number }> {
  const [row] = await db.insert(pins).values(pin).returning({ id: pins.id });
  return row!;
}
