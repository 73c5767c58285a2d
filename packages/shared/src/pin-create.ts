import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { HexColorSchema, PinImagesSchema, VideoSchema } from './media.ts';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX } from './pins.ts';

/**
 * Creating pins: uploads, images registered by URL, pinnable images of a page, the
 * pin builder's and the pin-create page's `POST /v3/pins/`.
 */

export const MEDIA_UPLOAD_KINDS = ['image', 'video'] as const;
export const MEDIA_UPLOAD_STATUSES = ['pending', 'ready', 'failed'] as const;

export const MEDIA_LIMITS = {
  /** Largest image file taken by `POST /v3/media/uploads/`. */
  imageMaxBytes: 20 * 1024 * 1024,
  /** Largest video file. */
  videoMaxBytes: 200 * 1024 * 1024,
  /** Images smaller than this in either dimension are refused. */
  minDimension: 120,
} as const;

/** Idea pins: at most 20 pages, each with a short text. */
export const STORY_PAGES_MAX = 20;
export const STORY_PAGE_TEXT_MAX = 250;

/** Methods a person creates a pin with (docs/product/creating.md#api-calls); `repin` is for saves only. */
export const PIN_CREATE_METHODS = ['uploaded', 'pinbuilder', 'scraped', 'button'] as const;
export const PinCreateMethodSchema = z.enum(PIN_CREATE_METHODS);

// Defined beside the pictures so the pin answer (pins.ts) can use it too.
export { VideoSchema, type Video } from './media.ts';

/** An upload or a URL registration, as `POST /v3/media/uploads/` and `PUT /v3/pins/image/` answer. */
export const MediaUploadSchema = z.object({
  media_upload_id: IdSchema,
  type: z.enum(MEDIA_UPLOAD_KINDS),
  status: z.enum(MEDIA_UPLOAD_STATUSES),
  /** The picture (or a video's poster) once ready. */
  images: PinImagesSchema.nullable(),
  dominant_color: HexColorSchema.nullable(),
  video: VideoSchema.nullable(),
  /** Why a registration failed: an error catalogue code and its message. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type MediaUpload = z.infer<typeof MediaUploadSchema>;

export const MediaUploadParamsSchema = z.strictObject({ id: IdSchema });

export const RegisterImageSchema = z.strictObject({ image_url: z.url().max(2048) });
export type RegisterImage = z.infer<typeof RegisterImageSchema>;

export const FindImagesQuerySchema = z.strictObject({
  /** A web page or an image; `https://` is assumed when the address has no scheme. */
  url: z.string().trim().min(1).max(2048),
});

/** At most this many images are listed for one page. */
export const FOUND_IMAGES_MAX = 50;

/**
 * `GET /v3/pins/find_images/`: a page's pinnable images, og:image first (docs/product/creating.md#api-calls).
 */
export const FoundImageSchema = z.object({
  type: z.literal('pinnable'),
  url: z.string(),
  /** From the page's markup (width/height attributes, og:image:width), when it says. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type FoundImage = z.infer<typeof FoundImageSchema>;
export const FoundImagesSchema = z.object({
  /** The page's address after redirects. */
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  items: z.array(FoundImageSchema),
});
export type FoundImages = z.infer<typeof FoundImagesSchema>;

export const StoryPageInputSchema = z.strictObject({
  media_upload_id: IdSchema,
  text: z.string().max(STORY_PAGE_TEXT_MAX).default(''),
});

/**
 * `POST /v3/pins/`: exactly one of media_upload_id, image_url, image_base64 or story_pages
 * gives the picture.
 */
export const CreatePinSchema = z.strictObject({
  board_id: IdSchema,
  section_id: IdSchema.nullish(),
  title: z.string().trim().max(PIN_TITLE_MAX).default(''),
  description: z.string().max(PIN_DESCRIPTION_MAX).default(''),
  link: z.string().max(2048).nullish(),
  method: PinCreateMethodSchema.default('uploaded'),
  media_upload_id: IdSchema.optional(),
  image_url: z.string().max(2048).optional(),
  image_base64: z.string().optional(),
  story_pages: z.array(StoryPageInputSchema).min(1).max(STORY_PAGES_MAX).optional(),
  color: HexColorSchema.optional(),
  /** The bookmarklet's id of one pin-create attempt, carried into the pin_create events. */
  guid: z.string().max(64).optional(),
  advertiser_id: IdSchema.nullish(),
});
export type CreatePin = z.infer<typeof CreatePinSchema>;

export const CreatedPinSchema = z.object({
  id: IdSchema,
  board: z.object({ id: IdSchema, name: z.string(), url: z.string() }),
  section: z.object({ id: IdSchema, title: z.string() }).nullable(),
});
export type CreatedPin = z.infer<typeof CreatedPinSchema>;
