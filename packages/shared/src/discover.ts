import { z } from 'zod';
import { BoardSchema } from './boards.ts';
import { HexColorSchema, PinImagesSchema } from './media.ts';
import { PageQuerySchema } from './pagination.ts';
import { PinSchema } from './pins.ts';

/**
 * The ideas, today and topics pages (docs/product/discover.md#screens), built from public pins
 * (decision 30). An interest and a topic are both a hashtag: `/ideas/{interest}/{id}` and
 * `/topics/{name}` show the pins carrying it.
 */

/** How many interests `/ideas` shows. */
export const INTEREST_COUNT = 24;
/** Items of each section on `/today`; a section's own page (`/today/{kind}/`) shows up to the list's max. */
export const TODAY_PREVIEW_COUNT = 8;
export const TODAY_LIST_MAX = 50;

/** A hashtag as pins store it: lower case, letters, digits and underscores, no '#'. */
export const TopicNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}_]+$/u)
  .transform((name) => name.toLowerCase())
  .describe('A hashtag without its #');

export const TopicParamsSchema = z.strictObject({ name: TopicNameSchema });

/**
 * The number in an interest's path (`/ideas/{interest}/{id}`): FNV-1a of the name, so a link is
 * the same wherever it is made and needs no table. The name decides what the page shows.
 */
export function interestIdOf(name: string): string {
  let hash = 0x811c9dc5;
  for (const char of name) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return String(hash);
}

export function interestPath(name: string): string {
  return `/ideas/${encodeURIComponent(name)}/${interestIdOf(name)}/`;
}

export const InterestSchema = z.object({
  name: z.string().describe('The hashtag, without #'),
  id: z.string().describe('The number in the interest page path'),
  url: z.string().describe('Web path of the interest page, /ideas/{name}/{id}/'),
  cover: z
    .object({ pin_id: z.string(), images: PinImagesSchema, dominant_color: HexColorSchema })
    .describe("A recent public pin's picture, a different one per interest"),
});
export type Interest = z.infer<typeof InterestSchema>;

export const IdeasSchema = z.object({ interests: z.array(InterestSchema) });
export type Ideas = z.infer<typeof IdeasSchema>;

export const TopicPinsQuerySchema = PageQuerySchema;

/**
 * Today's lists: `trending` (the most saved pins of the last seven days), `popular` (the most
 * saved pins made in the last 30 days), `article` (the same for pins that link to a page) and
 * `best` (new public boards with enough pins). `/today/shop/` waits for products.
 */
export const TODAY_KINDS = ['trending', 'popular', 'best', 'article'] as const;
export const TodayKindSchema = z.enum(TODAY_KINDS);
export type TodayKind = z.infer<typeof TodayKindSchema>;

export const TodaySectionSchema = z.discriminatedUnion('type', [
  z.object({ kind: TodayKindSchema, type: z.literal('pins'), pins: z.array(PinSchema) }),
  z.object({ kind: TodayKindSchema, type: z.literal('boards'), boards: z.array(BoardSchema) }),
]);
export type TodaySection = z.infer<typeof TodaySectionSchema>;

export const TodaySchema = z.object({
  /** Non-empty sections in TODAY_KINDS order, each with up to TODAY_PREVIEW_COUNT items. */
  sections: z.array(TodaySectionSchema),
});
export type Today = z.infer<typeof TodaySchema>;

export const TodayKindParamsSchema = z.strictObject({ kind: TodayKindSchema });
