import { z } from 'zod';
import { isQuickPromoteCountry } from './quick-promote.ts';
import { BOARD_NAME_MAX, BoardPrivacySchema } from './boards.ts';
import { IdSchema } from './ids.ts';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, PinSchema } from './pins.ts';
import { UserSummarySchema } from './users.ts';

/** Saving a pin, the board picker, moving pins and hashtag suggestions (docs/product/saving.md). */

/** Save a pin to a board or one of its sections (RepinResource). */
export const RepinBodySchema = z.strictObject({
  board_id: IdSchema,
  section_id: IdSchema.nullish(),
  /** Replaces the saved pin's description; the source pin's is copied when absent. */
  description: z.string().max(PIN_DESCRIPTION_MAX).optional(),
  /** Replaces the saved pin's title; the source pin's is copied when absent. */
  title: z.string().max(PIN_TITLE_MAX).optional(),
  /**
   * Sent by an ad-account viewer saving for an advertiser (docs/product/saving.md#who-may-do-what); recorded
   * nowhere yet.
   */
  advertiser_id: IdSchema.nullish(),
});
export type RepinBody = z.infer<typeof RepinBodySchema>;

/** What the save dialog and the confirmation overlay need (docs/product/saving.md#save-success-dialog). */
export const RepinResultSchema = z.object({
  pin: PinSchema,
  board: z.object({ id: IdSchema, name: z.string(), url: z.string() }),
  section: z.object({ id: IdSchema, title: z.string() }).nullable(),
  /** This was the viewer's first pin ('You saved your first Pin to ...'). */
  is_first_save: z.boolean(),
  /** The pin was already on the board: this answers the existing saved pin, nothing was added. */
  already_saved: z.boolean(),
  /** The official account of the pin's link domain, for the follow row; null: none is known. */
  link_domain_official_user: UserSummarySchema.nullable(),
});
export type RepinResult = z.infer<typeof RepinResultSchema>;

/** A board of the viewer's that already holds this pin or a save of it ('Psst! You already saved...'). */
export const SavedToSchema = z.object({
  board: z.object({ id: IdSchema, name: z.string(), url: z.string() }),
  section: z.object({ id: IdSchema, title: z.string() }).nullable(),
  pin_id: IdSchema,
});
export type SavedTo = z.infer<typeof SavedToSchema>;

/** 'Top choices': the boards the viewer saved to most recently. */
export const PICKER_SHORTLIST_MAX = 3;
/** With this many boards or fewer the picker shows only the full list (docs/product/saving.md#rules). */
export const PICKER_LIST_THRESHOLD = 3;

export const BoardPickerQuerySchema = z.strictObject({
  /** The pin being saved: each board then says whether the viewer already saved it there. */
  pin_id: IdSchema.optional(),
  advertiser_id: IdSchema.optional(),
});
export type BoardPickerQuery = z.infer<typeof BoardPickerQuerySchema>;

export const PickerBoardSchema = z.object({
  id: IdSchema,
  name: z.string(),
  url: z.string(),
  privacy: BoardPrivacySchema,
  owner: z.object({ id: IdSchema, username: z.string() }),
  is_collaborative: z.boolean(),
  collaborated_by_me: z.boolean(),
  collaborating_users: z.array(UserSummarySchema).describe('Up to 3 collaborators, for avatars'),
  collaborator_count: z.number().int(),
  pin_count: z.number().int(),
  section_count: z.number().int(),
  image_cover_url: z.string().nullable(),
  last_pinned_to_at: z.string().nullable(),
  sections: z.array(z.object({ id: IdSchema, title: z.string() })),
  /** With pin_id: the viewer already saved that pin (or a save of it) to this board. */
  has_pin: z.boolean(),
});
export type PickerBoard = z.infer<typeof PickerBoardSchema>;

export const BoardPickerSchema = z.object({
  all_boards: z.array(PickerBoardSchema),
  boards_shortlist: z.array(PickerBoardSchema),
});
export type BoardPicker = z.infer<typeof BoardPickerSchema>;

const startsWithDigit = (name: string) => /^\s*[0-9]/.test(name);

/**
 * The picker's order (docs/product/saving.md#rules): by name, case-insensitively, with names that start
 * with a digit after all the others.
 */
export function comparePickerBoardNames(a: string, b: string): number {
  const digits = Number(startsWithDigit(a)) - Number(startsWithDigit(b));
  if (digits !== 0) return digits;
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0);
}

export const BoardTitleSuggestionSchema = z.object({ title: z.string() });
export const BOARD_TITLE_SUGGESTIONS_MAX = 5;

/** '#homeDecor' or 'home_decor' as a board name: 'Home decor'. */
export function hashtagToTitle(tag: string): string {
  const words = tag
    .replace(/^#/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Board names for a pin: its hashtags, then its title when short enough to be a name, then
 * the name of the board it is on; none the viewer already has (case-insensitively), no repeats.
 */
export function suggestBoardTitles(
  pin: { title: string; description: string; hashtags: readonly string[]; boardName: string | null },
  existingBoardNames: readonly string[],
): { title: string }[] {
  const taken = new Set(existingBoardNames.map((name) => name.trim().toLowerCase()));
  const tags = [...pin.hashtags, ...findHashtags(pin.description)];
  const candidates = [
    ...tags.map(hashtagToTitle),
    pin.title.trim().split(/\s+/).length <= 4 ? pin.title.trim() : '',
    pin.boardName?.trim() ?? '',
  ];
  const titles: { title: string }[] = [];
  for (const candidate of candidates) {
    const key = candidate.toLowerCase();
    if (!candidate || candidate.length > BOARD_NAME_MAX || taken.has(key)) continue;
    taken.add(key);
    titles.push({ title: candidate });
    if (titles.length === BOARD_TITLE_SUGGESTIONS_MAX) break;
  }
  return titles;
}

/**
 * A hashtag is '#' followed by characters other than whitespace and most punctuation
 * (docs/product/saving.md#rules); underscores and letters or digits of any script count. A '#' inside a word
 * ('a#b', '&#39;') starts none.
 */
const HASHTAG = /(?<![\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu;

/** The hashtags of a text, lower-cased, without '#', each once. */
export function findHashtags(text: string): string[] {
  return [...new Set([...text.matchAll(HASHTAG)].map((match) => match[1]!.toLowerCase()))];
}

/** At most this many hashtag suggestions show (docs/product/saving.md#rules). */
export const HASHTAG_SUGGESTIONS_MAX = 5;

export const HashtagAutocompleteQuerySchema = z.strictObject({
  /** What was typed after '#', with or without the '#'. */
  q: z.string().trim().min(1).max(100),
  show_pin_count: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});
export type HashtagAutocompleteQuery = z.infer<typeof HashtagAutocompleteQuerySchema>;

export const HashtagSuggestionSchema = z.object({
  query: z.string().describe("The hashtag with its '#'"),
  pin_count: z.number().int().nullable().describe('Null unless show_pin_count'),
});
export type HashtagSuggestion = z.infer<typeof HashtagSuggestionSchema>;

/** Most pins one move takes. */
export const BULK_EDIT_MAX_PINS = 250;

/** Move pins from a board (or one of its sections) to a board or section (BulkEdit). */
export const BulkEditBodySchema = z.strictObject({
  board_id: IdSchema.describe('The board the pins are on now'),
  new_board_id: IdSchema,
  old_section_id: IdSchema.nullish().describe('The section the pins are in now, if any'),
  new_section_id: IdSchema.nullish().describe('The target section; none: the board itself'),
  pin_ids: z.array(IdSchema).min(1).max(BULK_EDIT_MAX_PINS),
});
export type BulkEditBody = z.infer<typeof BulkEditBodySchema>;

export const BulkEditResultSchema = z.object({
  /** The moved pins as they are now. */
  pins: z.array(PinSchema),
  board: z.object({ id: IdSchema, pin_count: z.number().int() }),
  new_board: z.object({ id: IdSchema, pin_count: z.number().int() }),
});
export type BulkEditResult = z.infer<typeof BulkEditResultSchema>;

/**
 * 'Promote your Pin' is offered to accounts at most this old (docs/product/saving.md#save-success-dialog;
 * the value is ours: a new account is the one a first promotion helps).
 */
export const PROMOTE_ACCOUNT_MAX_AGE_DAYS = 90;

/**
 * Whether the save dialog offers 'Promote your Pin' (docs/product/saving.md#save-success-dialog): a
 * signed-in, non-partner account younger than the cut-off. Otherwise it offers 'Send'.
 */
export function canPromotePin(
  viewer: {
    type: string;
    isPartner: boolean;
    createdAt: string | null;
    client_context?: { country: string };
  },
  now: Date,
  maxAgeDays: number = PROMOTE_ACCOUNT_MAX_AGE_DAYS,
): boolean {
  if (viewer.type !== 'AUTH' || viewer.isPartner || !viewer.createdAt) return false;
  // Offered only where quick promote runs (a viewer with no known country counts as the default's).
  if (viewer.client_context && !isQuickPromoteCountry(viewer.client_context.country)) return false;
  const ageMs = now.getTime() - Date.parse(viewer.createdAt);
  return ageMs >= 0 && ageMs <= maxAgeDays * 24 * 60 * 60 * 1000;
}

/** Where 'Promote your Pin' leads: the business conversion, then quick promote for this pin. */
export const promotePinPath = (pinId: string) =>
  `/business/convert?next=${encodeURIComponent(`/advertiser/quick_promote?pinId=${pinId}`)}`;
