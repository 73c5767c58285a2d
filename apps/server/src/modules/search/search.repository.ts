import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selectRows, textArray } from '../../db/sql-helpers.ts';
import {
  activeAccountAs,
  listedPublicBoardAs,
  notBlockedEitherWay,
  publicPinJoins,
} from '../../policies/visibility.ts';
import { advisoryJson, type AdvisoryRow } from './advisories.repository.ts';
import { recordRecentSearchCtes } from './recent-searches.repository.ts';

/**
 * Search queries (decision 27). Each returns one page of ids with their sort key; the services
 * load the rows through the pins, boards and users repositories. Results come only from public
 * boards of active accounts: secret and protected boards never appear, not even to their owners.
 */

/** The text to match: exact words, and the same query with typos corrected (or null). */
export interface SearchText {
  exact: string;
  corrected: string | null;
}

/** Keyset position: [tier, rank as decimal text, id], all descending. */
export type SearchKey = [number, string, number];

export interface RankedId {
  id: number;
  tier: number;
  rank: string;
}

export interface PinSearch {
  text: SearchText;
  /** A `#tag` search: pins carrying the tag, newest first, instead of the text. */
  hashtag: string | null;
  domains: string[];
  videosOnly: boolean;
  ideaPinsOnly: boolean;
  topPinId: number | null;
  after: SearchKey | null;
  limit: number;
}

/** Title (A) far above board name and hashtags (B), above description (C): D, C, B, A. */
const RANK_WEIGHTS = sql.raw(`'{0.05, 0.1, 0.3, 1.0}'::float4[]`);

function tsqueries(text: SearchText): { exact: SQL; any: SQL } {
  const exact = sql`websearch_to_tsquery('english', ${text.exact})`;
  const any = text.corrected ? sql`(${exact} || websearch_to_tsquery('english', ${text.corrected}))` : exact;
  return { exact, any };
}

function afterKey(after: SearchKey | null): SQL {
  if (!after) return sql`true`;
  return sql`(s.tier, s.rank, s.id) < (${after[0]}, ${after[1]}::numeric, ${after[2]})`;
}

/**
 * One pin per picture among ranked pin matches (decision 44): each image's best match by the
 * order the results are listed in, so keyset pages over them stay exact. `inner` has `image_id`.
 */
function bestOfEachPicture(inner: SQL): SQL {
  return sql`select distinct on (r.image_id) r.id, r.tier, r.rank from (${inner}) r
    order by r.image_id, r.tier desc, r.rank desc, r.id desc`;
}

/** The page of `inner`'s ranked rows after the key, best first, as rows of `id, tier, rank`. */
function rankedIdsQuery(inner: SQL, after: SearchKey | null, limit: number): SQL {
  return sql`select s.id, s.tier, s.rank::text as rank from (${inner}) s
    where ${afterKey(after)}
    order by s.tier desc, s.rank desc, s.id desc
    limit ${limit}`;
}

type RankedRow = { id: string | number; tier: number | string; rank: string };

function rankedIdOf(row: RankedRow): RankedId {
  return { id: Number(row.id), tier: Number(row.tier), rank: row.rank };
}

export async function rankedIds(db: Executor, query: SQL): Promise<RankedId[]> {
  return (await selectRows<RankedRow>(db, query)).map(rankedIdOf);
}

/**
 * How many matches of a text search are ranked: the newest this many (decision 27). Ranking
 * reads every ranked pin's vector, so without a bound a common word cost a read of thousands of
 * pins per page; with it a search reads at most this many, and pages end after them.
 */
export const RANKED_TEXT_MATCHES = 1000;

/**
 * Pins matching the search, best first: the top pin (when it matches), then pins matching the
 * exact words, then pins matching only the corrected words; within each, by weighted rank, then
 * newest first. A text search ranks its newest RANKED_TEXT_MATCHES matches and the top pin; a
 * `#tag` search lists the pins carrying the tag newest first.
 */
export function searchPinIdsQuery(search: PinSearch): SQL {
  const filters = sql`${search.domains.length ? sql`and pins.domain = any(${textArray(search.domains)})` : sql``}
      ${search.videosOnly ? sql`and pins.video_key is not null` : sql``}
      ${search.ideaPinsOnly ? sql`and pins.story_page_count > 0` : sql``}`;
  const isTop = (id: SQL) => (search.topPinId === null ? sql`false` : sql`${id} = ${search.topPinId}`);
  if (search.hashtag) {
    const inner = sql`
      select pins.id, pins.image_id, case when ${isTop(sql`pins.id`)} then 2 else 1 end as tier, 0::numeric as rank
      from pins ${publicPinJoins}
      where pins.hashtags @> array[${search.hashtag}]::text[] ${filters}`;
    return rankedIdsQuery(bestOfEachPicture(inner), search.after, search.limit);
  }
  const q = tsqueries(search.text);
  const matches = sql`pins.search_vector @@ ${q.any} ${filters}`;
  // The newest matches (an index scan that stops early, or the full-text index for rarer words)
  // and the top pin however old, then only those are ranked.
  const topPin =
    search.topPinId === null
      ? sql``
      : sql`union (select pins.id, pins.image_id, pins.search_vector from pins ${publicPinJoins}
          where pins.id = ${search.topPinId} and ${matches})`;
  const inner = sql`
    select m.id, m.image_id,
      case when ${isTop(sql`m.id`)} then 2 when m.search_vector @@ ${q.exact} then 1 else 0 end as tier,
      round(ts_rank(${RANK_WEIGHTS}, m.search_vector, ${q.any})::numeric, 6) as rank
    from (
      (select pins.id, pins.image_id, pins.search_vector from pins ${publicPinJoins}
        where ${matches} order by pins.id desc limit ${RANKED_TEXT_MATCHES})
      ${topPin}
    ) m`;
  return rankedIdsQuery(bestOfEachPicture(inner), search.after, search.limit);
}

export interface BoardSearch {
  text: SearchText;
  /** Also names similar to the query (trigrams), for typos. */
  typos: boolean;
  after: SearchKey | null;
  limit: number;
}

const BOARD_VECTOR = sql`(setweight(to_tsvector('english', boards.name), 'A') || setweight(to_tsvector('english', boards.description), 'B'))`;

/**
 * Public, unarchived boards of active owners matching the words in their name (A) or
 * description (B), or, as typos, a name similar to the query; exact matches first.
 */
export function searchBoardIdsQuery(search: BoardSearch): SQL {
  const q = tsqueries(search.text);
  const name = search.typos ? search.text.exact.toLowerCase() : null;
  const inner = sql`
    select boards.id,
      case when ${BOARD_VECTOR} @@ ${q.exact} then 1 else 0 end as tier,
      round((ts_rank(${BOARD_VECTOR}, ${q.any})
        ${name === null ? sql`` : sql`+ similarity(lower(boards.name), ${name})`})::numeric, 6) as rank
    from boards
    join users board_owner on board_owner.id = boards.owner_id
    where ${listedPublicBoardAs('boards', 'board_owner')}
      and (${BOARD_VECTOR} @@ ${q.any} ${name === null ? sql`` : sql`or lower(boards.name) % ${name}`})`;
  return rankedIdsQuery(inner, search.after, search.limit);
}

const USER_TEXT = sql`lower(users.username || ' ' || users.first_name || ' ' || users.last_name)`;

/**
 * Active people whose username or name holds the query's words (word similarity, so typos and
 * prefixes match): an exact username first, then the closest, then the most followed.
 */
export function searchUserIdsQuery(search: {
  term: string;
  after: SearchKey | null;
  limit: number;
  viewerId?: number | null;
}): SQL {
  // Nobody the viewer blocked or who blocked the viewer (decision 52).
  const unblocked =
    search.viewerId === undefined || search.viewerId === null
      ? sql``
      : sql`and ${notBlockedEitherWay(sql`users.id`, search.viewerId)}`;
  const inner = sql`
    select users.id,
      case when lower(users.username) = ${search.term} then 1 else 0 end as tier,
      round((word_similarity(${search.term}, ${USER_TEXT}) + least(users.follower_count, 1000000) / 1e9)::numeric, 9) as rank
    from users
    where ${activeAccountAs('users')} and ${USER_TEXT} %> ${search.term} ${unblocked}`;
  return rankedIdsQuery(inner, search.after, search.limit);
}

/**
 * For each word not in the vocabulary, the most similar vocabulary word (trigram similarity
 * above pg_trgm's threshold, the more used first), if any. A term's count is the sum of its
 * rows (one per database connection that added to it, migration 0024).
 */
function correctionsQuery(words: string[]): SQL {
  return sql`
    select w.word, (
      select t.term from search_terms t
      where t.term % w.word and left(t.term, 1) <> '#'
      group by t.term
      order by similarity(t.term, w.word) desc, sum(t.pin_count) desc, t.term
      limit 1) as fix
    from unnest(${textArray(words)}) as w(word)
    where not exists (select 1 from search_terms t where t.term = w.word)`;
}

function correctionsOf(rows: { word: string; fix: string | null }[]): Map<string, string> {
  return new Map(rows.filter((row) => row.fix !== null).map((row) => [row.word, row.fix!]));
}

/** What the start of a search found (`startSearch`). */
export interface SearchStart {
  advisory: AdvisoryRow | null;
  /** Each word asked about that is not in the vocabulary, with its correction (if any). */
  corrections: Map<string, string>;
  /** The page of the ids query, run with the text as typed. */
  ids: RankedId[];
}

/**
 * The start of every search in one statement (decision 59): the term's advisory, the signed-in
 * viewer's recent search recorded (first pages only), the corrections of `words`, and the page
 * of `ids` (a `…IdsQuery` for the text as typed, which the caller runs again with the corrected
 * text when there are corrections, and ignores for an abusive term).
 */
export async function startSearch(
  db: Executor,
  start: {
    term: string;
    record: { userId: number; keep: number } | null;
    words: string[];
    ids: SQL;
  },
): Promise<SearchStart> {
  const recorded = start.record
    ? sql`with ${recordRecentSearchCtes(start.record.userId, start.term, start.record.keep)} `
    : sql``;
  const corrections = start.words.length
    ? sql`(select coalesce(json_agg(json_build_object('word', c.word, 'fix', c.fix)), '[]'::json)
        from (${correctionsQuery(start.words)}) c)`
    : sql`'[]'::json`;
  const [row] = await selectRows<{
    advisory: (Omit<AdvisoryRow, 'createdAt'> & { createdAt: string }) | null;
    corrections: { word: string; fix: string | null }[];
    ids: [number, number, string][];
  }>(
    db,
    sql`${recorded}select ${advisoryJson(start.term)} as advisory, ${corrections} as corrections,
      (select coalesce(json_agg(json_build_array(i.id, i.tier, i.rank) order by i.tier desc, i.rank::numeric desc, i.id desc), '[]'::json)
        from (${start.ids}) i) as ids`,
  );
  const { advisory, ids } = row!;
  return {
    advisory: advisory && { ...advisory, createdAt: new Date(advisory.createdAt) },
    corrections: correctionsOf(row!.corrections),
    ids: ids.map(([id, tier, rank]) => rankedIdOf({ id, tier, rank })),
  };
}
