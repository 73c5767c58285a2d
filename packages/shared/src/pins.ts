import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { HexColorSchema, PinImagesSchema, VideoSchema } from './media.ts';
import { BoardPrivacySchema } from './boards.ts';
import { PageQuerySchema } from './pagination.ts';
import { UserSummarySchema } from './users.ts';
import { RemovalSchema } from './removal.ts';

export { RemovalSchema, type Removal } from './removal.ts';

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

/**
 * Where the signed-in viewer saved this picture (this pin or another pin of the same image):
 * their newest such pin's board and section, on a board they own or collaborate on. Null for a
 * visitor and for a picture they have not saved (decision 44).
 */
export const ViewerSavedSchema = z.object({
  pin_id: IdSchema,
  board_id: IdSchema,
  board_name: z.string(),
  section_id: IdSchema.nullable(),
  section_title: z.string().nullable(),
});
export type ViewerSaved = z.infer<typeof ViewerSavedSchema>;

export const PinSchema = z.object({
  id: IdSchema,
  type: z.literal('pin'),
  title: z.string(),
  description: z.string(),
  /** What a screen reader says for the picture; empty when the pinner gave none. */
  alt_text: z.string(),
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
  /** A save's creator: who made the first pin of the picture, along chains of saves ('Saved from'). */
  origin_pinner: UserSummarySchema.nullable(),
  viewer_saved: ViewerSavedSchema.nullable(),
  repin_count: z.number().int(),
  /** A video pin's MP4; `images` are then its poster frame. */
  video: VideoSchema.nullable(),
  /** Pages of an idea pin (0 for any other pin): enough for a feed card's badge. */
  story_page_count: z.number().int(),
  /** The pages themselves, in order: only `GET /v3/pins/{id}/` of an idea pin has them, else null. */
  story_pages: z.array(StoryPageSchema).nullable(),
  /**
   * Only on `GET /v3/pins/{id}/` of a pin an operator removed, answered to its pinner alone (no
   * one else sees it): why, and the appeal once made (decision 54).
   */
  removal: RemovalSchema.optional(),
  /**
   * A promoted card in the home feed or search results (decision 56): who promotes it, and the
   * signed token its impression and click report. Absent on every other pin.
   */
  is_promoted: z.literal(true).optional(),
  promoter: z.object({ name: z.string(), username: z.string() }).optional(),
  ad_token: z.string().optional(),
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
