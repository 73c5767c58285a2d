import { z } from 'zod';
import { BOARD_SORTS, DEFAULT_BOARD_SORT } from './board-sorts.ts';
import { IdSchema, UsernameSchema } from './ids.ts';
import { PageQuerySchema } from './pagination.ts';
import { RemovalSchema } from './removal.ts';
import { UserSummarySchema } from './users.ts';

export * from './board-sorts.ts';

export const BOARD_PRIVACIES = ['public', 'secret', 'protected'] as const;
export const BoardPrivacySchema = z.enum(BOARD_PRIVACIES);
export type BoardPrivacy = z.infer<typeof BoardPrivacySchema>;

/** Sort orders of a user's boards (docs/product/boards.md#api-calls); last_pinned_to is the default. */
export const BoardSortSchema = z.enum(BOARD_SORTS);

export const BOARD_NAME_MAX = 50;
export const BOARD_DESCRIPTION_MAX = 500;

export const BoardSchema = z.object({
  id: IdSchema,
  type: z.literal('board'),
  name: z.string(),
  description: z.string(),
  url: z.string().describe('Web path of the board, /{username}/{slug}/'),
  privacy: BoardPrivacySchema,
  layout: z.enum(['default', 'custom']),
  owner: UserSummarySchema,
  is_collaborative: z.boolean(),
  collaborated_by_me: z.boolean(),
  collaborating_users: z.array(UserSummarySchema).describe('Up to 3 collaborators, for avatars'),
  collaborator_count: z.number().int(),
  pin_count: z.number().int(),
  section_count: z.number().int(),
  follower_count: z.number().int(),
  followed_by_me: z.boolean(),
  image_cover_url: z.string().nullable(),
  cover_images: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
  images: z.object({ '170x': z.array(z.object({ url: z.string(), dominant_color: z.string() })) }),
  has_custom_cover: z.boolean(),
  archived_by_me_at: z.string().nullable(),
  created_at: z.string(),
  board_order_modified_at: z.string().nullable(),
  last_pinned_to_at: z.string().nullable(),
  /**
   * Only on a board an operator removed, answered to its owner alone (no one else sees the
   * board): why, and the appeal once made (decision 54).
   */
  removal: RemovalSchema.optional(),
});
export type Board = z.infer<typeof BoardSchema>;

export const BoardSectionSchema = z.object({
  id: IdSchema,
  type: z.literal('board_section'),
  board_id: IdSchema,
  title: z.string(),
  slug: z.string(),
  pin_count: z.number().int(),
  preview_pins: z.array(
    z.object({
      image_medium_url: z.string(),
      image_square_url: z.string(),
      image_square_size_pixels: z.object({ width: z.number().int(), height: z.number().int() }),
    }),
  ),
});
export type BoardSection = z.infer<typeof BoardSectionSchema>;

export const UserBoardsQuerySchema = PageQuerySchema.extend({
  sort: BoardSortSchema.default(DEFAULT_BOARD_SORT),
  privacy_filter: z.enum(['all', 'public', 'secret', 'protected']).default('all'),
  include_archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type UserBoardsQuery = z.infer<typeof UserBoardsQuerySchema>;

export const BoardParamsSchema = z.strictObject({ id: IdSchema });

/** A board's or section's slug as it appears in web paths (`/{username}/{board}/{section}`). */
export const SlugSchema = z.string().min(1).max(200).describe('Slug, unique per owner (boards) or per board');

/** A board addressed by its owner and slug, as the board page's URL names it. */
export const UserBoardParamsSchema = z.strictObject({ username: UsernameSchema, slug: SlugSchema });

/** A section addressed by its board and slug, as the section page's URL names it. */
export const BoardSectionParamsSchema = z.strictObject({ id: IdSchema, slug: SlugSchema });

/** Section names: trimmed, non-empty, at most this long (ours: the board name's limit). */
export const BOARD_SECTION_NAME_MAX = 50;
/** At most this many pins move into a new section in one call (ours). */
export const SECTION_INITIAL_PINS_MAX = 250;

/** A board's name: trimmed, required, at most 50 characters (docs/product/boards.md#rules). */
export const BoardNameSchema = z
  .string({ error: 'board_name_required' })
  .trim()
  .min(1, { error: 'board_name_required', abort: true })
  .max(BOARD_NAME_MAX, { error: 'board_name_too_long' });

export const BoardDescriptionSchema = z
  .string()
  .max(BOARD_DESCRIPTION_MAX, { error: 'board_description_too_long' });

/**
 * Creating a board (BoardResource create). Public by default; `secret` from the toggle. With
 * `advertiser_id` (an ad-account viewer who is not the owner) the board is always `protected`
 * and `public` is refused: the toggle is locked on.
 */
export const CreateBoardSchema = z.strictObject({
  name: BoardNameSchema,
  description: BoardDescriptionSchema.optional(),
  privacy: BoardPrivacySchema.optional(),
  /** The owner's username as the product's clients send it; it must be the viewer's. */
  username: UsernameSchema.optional(),
  advertiser_id: IdSchema.optional().describe('Ad account the board is created for; makes it protected'),
  aux_data: z.strictObject({ source: z.string().max(50).optional() }).optional(),
});
export type CreateBoard = z.infer<typeof CreateBoardSchema>;

/** Editing a board (owner only). A protected board's privacy cannot change. */
export const UpdateBoardSchema = z.strictObject({
  name: BoardNameSchema.optional(),
  description: BoardDescriptionSchema.optional(),
  privacy: z.enum(['public', 'secret']).optional(),
});
export type UpdateBoard = z.infer<typeof UpdateBoardSchema>;

export const BoardSectionNameSchema = z
  .string({ error: 'section_name_required' })
  .trim()
  .min(1, { error: 'section_name_required', abort: true })
  .max(BOARD_SECTION_NAME_MAX, { error: 'section_name_too_long' });

/**
 * Where a section's name came from (docs/product/boards.md#rules): typed 0, a recommendation 1, an edited one
 * 2.
 */
export const SectionNameSourceSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Creating a section (BoardSectionResource create) on the board of the path. */
export const CreateBoardSectionSchema = z.strictObject({
  name: BoardSectionNameSchema,
  name_source: SectionNameSourceSchema.default(0),
  initial_pins: z
    .array(IdSchema)
    .max(SECTION_INITIAL_PINS_MAX)
    .optional()
    .describe('Pins of this board to move into the new section'),
});
export type CreateBoardSection = z.infer<typeof CreateBoardSectionSchema>;

export const UpdateBoardSectionSchema = z.strictObject({ name: BoardSectionNameSchema });
export type UpdateBoardSection = z.infer<typeof UpdateBoardSectionSchema>;

/** A board's sections in their new order: every section of the board, each once. */
export const BoardSectionOrderSchema = z.strictObject({ section_ids: z.array(IdSchema).max(1000) });
export type BoardSectionOrder = z.infer<typeof BoardSectionOrderSchema>;
