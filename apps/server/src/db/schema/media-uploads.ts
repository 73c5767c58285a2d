import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { MEDIA_UPLOAD_KINDS, MEDIA_UPLOAD_STATUSES } from '@pinboard/shared/pin-create';
import { images } from './images.ts';
import { pins } from './pins.ts';
import { users } from './users.ts';

/**
 * One picture or video a person gave the product before pinning it: a file sent to
 * `POST /v3/media/uploads/` (ready at once) or a URL registered with `PUT /v3/pins/image/`
 * (pending until the server has fetched it). A pin refers to its image, not to the upload.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_UPLOAD_KINDS }).notNull(),
    status: text('status', { enum: MEDIA_UPLOAD_STATUSES }).notNull(),
    /** The address a registration was fetched from (`PUT /v3/pins/image/`). */
    sourceUrl: text('source_url'),
    /** The picture, or a video's poster frame. Null until ready. */
    imageId: bigint('image_id', { mode: 'number' }).references(() => images.id),
    /** Media key of the stored MP4 of a video. */
    videoKey: text('video_key'),
    videoDurationMs: integer('video_duration_ms'),
    /** Bytes this upload stored, counted against the uploader's quota. */
    byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
    /** Error catalogue code of a failed registration. */
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_uploads_user_id_idx').on(t.userId, t.id.desc()),
    index('media_uploads_user_source_idx').on(t.userId, t.sourceUrl),
  ],
);

/** The pages of an idea pin (story), in order; the pin's own image is the first page's. */
export const pinStoryPages = pgTable(
  'pin_story_pages',
  {
    pinId: bigint('pin_id', { mode: 'number' })
      .notNull()
      .references(() => pins.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    imageId: bigint('image_id', { mode: 'number' })
      .notNull()
      .references(() => images.id),
    videoKey: text('video_key'),
    videoDurationMs: integer('video_duration_ms'),
    text: text('text').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.pinId, t.position] })],
);
