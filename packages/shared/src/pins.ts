import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { HexColorSchema, PinImagesSchema, VideoSchema } from './media.ts';
import { BoardPrivacySchema } from './boards.ts';
import { PageQuerySchema } from './pagination.ts';
import { UserSummarySchema } from './users.ts';

/** How a pin came to be (plus repin for saves of another pin; docs/product/pins.md#api-calls). */
export const PIN_CREATED_METHODS = ['uploaded', 'pinbuilder', 'scraped', 'button', 'repin'] as const;
export const PinCreatedMethodSchema = z.enum(PIN_CREATED_METHODS);

export const PIN_TITLE_MAX = 100;
export const PIN_DESCRIPTION_MAX = 500;

/** One page of an idea pin (story): a picture, or a video with its poster, and its text. */
export const StoryPageSchema = z.object({
  images: PinImagesSchema,
  video: VideoSchema.nullable(),
  text: z.string(),
});
export type StoryPage = z.infer<typeof StoryPageSchema>;

export const PinSchema = z.object({
  id: IdSchema,
  type: z.literal('pin'),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  domain: z.string().nullable(),
  hashtags: z.array(z.string()),
  dominant_color: HexColorSchema,
  images: PinImagesSchema,
  embed: z.object({ src: z.string(), type: z.string() }).nullable(),
  created_method: PinCreatedMethodSchema,
  created_at: z.string(),
  pinner: UserSummarySchema,
  board: z.object({ id: IdSchema, name: z.string(), url: z.string(), privacy: BoardPrivacySchema }),
  section: z.object({ id: IdSchema, title: z.string(), slug: z.string() }).nullable(),
  via_pin_id: IdSchema.nullable(),
  repin_count: z.number().int(),
  /** A video pin's MP4; `images` are then its poster frame. */
  video: VideoSchema.nullable(),
  /** Pages of an idea pin (0 for any other pin): enough for a feed card's badge. */
  story_page_count: z.number().int(),
  /** The pages themselves, in order: only `GET /v3/pins/{id}/` of an idea pin has them, else null. */
  story_pages: z.array(StoryPageSchema).nullable(),
});
export type Pin = z.infer<typeof PinSchema>;

export const PinParamsSchema = z.strictObject({ id: IdSchema });

/**
 * Which of a user's pins a profile lists: `created` are the pins they pinned themselves (not
 * saves of someone else's pin), `saved` every pin they pinned, saves included.
 */
export const USER_PIN_FILTERS = ['created', 'saved'] as const;
export const UserPinFilterSchema = z.enum(USER_PIN_FILTERS);
export type UserPinFilter = z.infer<typeof UserPinFilterSchema>;

export const UserPinsQuerySchema = PageQuerySchema.extend({ filter: UserPinFilterSchema.default('saved') });
export type UserPinsQuery = z.infer<typeof UserPinsQuerySchema>;
