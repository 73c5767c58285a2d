import { z } from 'zod';
import { BoardSchema } from './boards.ts';
import { ADVISORY_SEVERITIES } from './search-advisories.ts';
import { IdSchema } from './ids.ts';
import { PageQuerySchema } from './pagination.ts';
import { PinSchema } from './pins.ts';
import { UserProfileSchema, UserSummarySchema } from './users.ts';

/**
 * Search (docs/product/search.md): the search options, the answers
 * of `GET /v3/search/{pins,boards,users}/`, the typeahead, recent searches and advisories.
 */

/** What a search lists; the page's default is pins. */
export const SEARCH_SCOPES = ['pins', 'boards', 'users'] as const;
export const SearchScopeSchema = z.enum(SEARCH_SCOPES);
export type SearchScope = z.infer<typeof SearchScopeSchema>;

export const SEARCH_QUERY_MAX = 200;

/** Pin filters a search takes in `filters` (comma-separated). */
export const SEARCH_PIN_FILTERS = ['videos', 'idea_pins'] as const;
export type SearchPinFilter = (typeof SEARCH_PIN_FILTERS)[number];

/**
 * The form a term is compared and stored in (advisories, recent searches): trimmed, lower case,
 * inner white space collapsed to one space.
 */
export function normaliseSearchTerm(term: string): string {
  return term.trim().toLowerCase().replace(/\s+/g, ' ');
}

function commaList(max: number) {
  return z
    .string()
    .max(2000)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(z.string().max(253)).max(max));
}

/**
 * The search options (docs/product/search.md#api-calls) `GET /v3/search/{pins,boards,users}/` takes. `q` and
 * `query` are the same field; one of them is required. `domains`, `filters` and `top_pin_id`
 * apply to pin searches only.
 */
export const SearchQuerySchema = PageQuerySchema.extend({
  q: z.string().max(SEARCH_QUERY_MAX).optional().describe('The search text (websearch syntax)'),
  query: z.string().max(SEARCH_QUERY_MAX).optional().describe('Same as q'),
  scope: SearchScopeSchema.optional().describe('Ignored beyond validation: the path says the scope'),
  rs: z.string().max(50).default('direct_navigation').describe('Where the search came from'),
  filters: commaList(SEARCH_PIN_FILTERS.length)
    .pipe(z.array(z.enum(SEARCH_PIN_FILTERS)))
    .optional()
    .describe('Comma-separated: videos, idea_pins'),
  domains: commaList(20).optional().describe('Comma-separated link domains: only pins linking there'),
  top_pin_id: IdSchema.optional().describe('This pin first when it matches the query'),
  auto_correction_disabled: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .describe('No typo-tolerant matches, exact words only'),
})
  .superRefine((value, ctx) => {
    if (!(value.q ?? value.query)?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['q'], message: 'Type something to search for.' });
    }
  })
  .transform(({ query, ...rest }) => ({ ...rest, q: (rest.q ?? query ?? '').trim() }));
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** A link inside a notice's text: characters [offset, offset + length) link to `link`. */
export const NoticeTagSchema = z.object({
  tagType: z.literal('link'),
  offset: z.number().int().min(0),
  length: z.number().int().min(1),
  link: z
    .string()
    .max(2000)
    .regex(/^(https?:\/\/|\/)/, 'A link is an http(s) URL or a path starting with /.'),
});
export type NoticeTag = z.infer<typeof NoticeTagSchema>;

export const NoticeActionSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(1000),
  button: z.object({
    text: z.string().min(1).max(100),
    link: NoticeTagSchema.shape.link,
  }),
});

/** The sensitivity notice the search page shows (docs/product/search.md#advisories). */
export const SensitivityNoticeSchema = z.object({
  title: z.string().min(1).max(200),
  description: z
    .object({ text: z.string().max(2000), tags: z.array(NoticeTagSchema).max(20).default([]) })
    .superRefine((description, ctx) => {
      description.tags.forEach((tag, index) => {
        if (tag.offset + tag.length > description.text.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['tags', index],
            message: `Tag ${index} runs past the end of the text (${description.text.length} characters).`,
          });
        }
      });
    }),
  actions: z.array(NoticeActionSchema).max(5).default([]),
  style: z.string().max(50).nullable().default(null),
  footer: z.string().max(1000).nullable().default(null),
});
export type SensitivityNotice = z.infer<typeof SensitivityNoticeSchema>;

// The action-button rule lives in search-advisories.ts (free of zod, so the web app's search page reads it cheaply).
export {
  ADVISORY_ACTION_LEVELS,
  ADVISORY_TYPE_THIRD_PARTY,
  advisoryShowsActions,
} from './search-advisories.ts';

/** What `advisory add` takes as its JSON notice: the notice plus the advisory's own fields. */
export const AdvisoryNoticeInputSchema = z.strictObject({
  ...SensitivityNoticeSchema.shape,
  level: z.number().int().min(0).max(32767).nullable().default(null),
  advisory_type: z.string().min(1).max(50).nullable().default(null),
  resource_country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'resource_country is a two-letter ISO country code such as US.')
    .nullable()
    .default(null),
});
export type AdvisoryNoticeInput = z.input<typeof AdvisoryNoticeInputSchema>;

export const AdvisorySeveritySchema = z.union([
  z.literal(ADVISORY_SEVERITIES.ABUSIVE),
  z.literal(ADVISORY_SEVERITIES.SENSITIVE),
  z.literal(ADVISORY_SEVERITIES.BRAND_UNSAFE),
]);

/** A search advisory (docs/product/search.md#advisories) as the search answers carry it. */
export const AdvisorySchema = z.object({
  advisory: z.string().describe('The normalised term the advisory is registered for'),
  severity: AdvisorySeveritySchema.describe('ABUSIVE 0 (no results), SENSITIVE 1, BRAND_UNSAFE 2'),
  advisory_type: z.string().nullable(),
  resource_country: z.string().nullable(),
  level: z.number().int().nullable(),
  advisory_details: SensitivityNoticeSchema,
});
export type Advisory = z.infer<typeof AdvisorySchema>;

/** A search answer: one page of results (the envelope's bookmark continues) and the advisory. */
function searchResultOf<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    advisory: AdvisorySchema.nullable().describe('Null unless the normalised query has one'),
  });
}
export const SearchPinsResultSchema = searchResultOf(PinSchema);
export type SearchPinsResult = z.infer<typeof SearchPinsResultSchema>;
export const SearchBoardsResultSchema = searchResultOf(BoardSchema);
export type SearchBoardsResult = z.infer<typeof SearchBoardsResultSchema>;
export const SearchUsersResultSchema = searchResultOf(UserProfileSchema);
export type SearchUsersResult = z.infer<typeof SearchUsersResultSchema>;

export const TYPEAHEAD_COUNT_DEFAULT = 5;
export const TYPEAHEAD_COUNT_MAX = 20;

/** `GET /v3/search/typeahead/` (docs/product/search.md#typeahead): count per kind, default 5. */
export const TypeaheadQuerySchema = z.strictObject({
  term: z.string().trim().min(1).max(100),
  pin_scope: SearchScopeSchema.default('pins').describe('The scope the header is searching in'),
  count: z.coerce.number().int().min(1).max(TYPEAHEAD_COUNT_MAX).default(TYPEAHEAD_COUNT_DEFAULT),
});
export type TypeaheadQuery = z.infer<typeof TypeaheadQuerySchema>;

/**
 * The typeahead's items in display order: queries (the viewer's recent searches first, then
 * popular hashtags and pin titles), then boards, then people; at most `count` of each kind.
 */
export const TypeaheadItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('query'),
    query: z.string(),
    source: z.enum(['recent', 'hashtag', 'title']),
  }),
  z.object({
    type: z.literal('board'),
    board: z.object({
      id: IdSchema,
      name: z.string(),
      url: z.string(),
      pin_count: z.number().int(),
      image_cover_url: z.string().nullable(),
      owner: UserSummarySchema,
    }),
  }),
  z.object({
    type: z.literal('user'),
    user: UserSummarySchema.extend({ follower_count: z.number().int() }),
  }),
]);
export type TypeaheadItem = z.infer<typeof TypeaheadItemSchema>;

export const TypeaheadResultSchema = z.object({ items: z.array(TypeaheadItemSchema) });
export type TypeaheadResult = z.infer<typeof TypeaheadResultSchema>;

/** How many recent searches a signed-in viewer keeps. */
export const RECENT_SEARCHES_MAX = 10;

/** `GET /v3/search/recent/`: the signed-in viewer's recent searches, newest first. */
export const RecentSearchesSchema = z.array(z.object({ query: z.string(), searched_at: z.string() }));
export type RecentSearches = z.infer<typeof RecentSearchesSchema>;
