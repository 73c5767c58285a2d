import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { activeAccountAs, listedPublicBoardAs, publicPinJoins } from '../../policies/visibility.ts';

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

/** A non-empty `text[]` of bound parameters. */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

function tsqueries(text: SearchText): { exact: SQL; any: SQL } {
  const exact = sql`websearch_to_tsquery('english', ${text.exact})`;
  const any = text.corrected ? sql`(${exact} || websearch_to_tsquery('english', ${text.corrected}))` : exact;
  return { exact, any };
}

function afterKey(after: SearchKey | null): SQL {
  if (!after) return sql`true`;
  return sql`(s.tier, s.rank, s.id) < (${after[0]}, ${after[1]}::numeric, ${after[2]})`;
}

async function rankedIds(db: Executor, inner: SQL, after: SearchKey | null, limit: number) {
  const rows = await selectRows<{ id: string | number; tier: number; rank: string }>(
    db,
    sql`select s.id, s.tier, s.rank::text as rank from (${inner}) s
    where ${afterKey(after)}
    order by s.tier desc, s.rank desc, s.id desc
    limit ${limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), tier: Number(row.tier), rank: row.rank }));
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
export async function searchPinIds(db: Executor, search: PinSearch): Promise<RankedId[]> {
  const filters = sql`${search.domains.length ? sql`and pins.domain = any(${textArray(search.domains)})` : sql``}
      ${search.videosOnly ? sql`and pins.video_key is not null` : sql``}
      ${search.ideaPinsOnly ? sql`and pins.story_page_count > 0` : sql``}`;
  const isTop = (id: SQL) => (search.topPinId === null ? sql`false` : sql`${id} = ${search.topPinId}`);
  if (search.hashtag) {
    const inner = sql`
      select pins.id, case when ${isTop(sql`pins.id`)} then 2 else 1 end as tier, 0::numeric as rank
      from pins ${publicPinJoins}
      where pins.hashtags @> array[${search.hashtag}]::text[] ${filters}`;
    return rankedIds(db, inner, search.after, search.limit);
  }
  const q = tsqueries(search.text);
  const matches = sql`pins.search_vector @@ ${q.any} ${filters}`;
  // The newest matches (an index scan that stops early, or the full-text index for rarer words)
  // and the top pin however old, then only those are ranked.
  const topPin =
    search.topPinId === null
      ? sql``
      : sql`union (select pins.id, pins.search_vector from pins ${publicPinJoins}
          where pins.id = ${search.topPinId} and ${matches})`;
  const inner = sql`
    select m.id,
      case when ${isTop(sql`m.id`)} then 2 when m.search_vector @@ ${q.exact} then 1 else 0 end as tier,
      round(ts_rank(${RANK_WEIGHTS}, m.search_vector, ${q.any})::numeric, 6) as rank
    from (
      (select pins.id, pins.search_vector from pins ${publicPinJoins}
        where ${matches} order by pins.id desc limit ${RANKED_TEXT_MATCHES})
      ${topPin}
    ) m`;
  return rankedIds(db, inner, search.after, search.limit);
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
export async function searchBoardIds(db: Executor, search: BoardSearch): Promise<RankedId[]> {
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
  return rankedIds(db, inner, search.after, search.limit);
}

const USER_TEXT = sql`lower(users.username || ' ' || users.first_name || ' ' || users.last_name)`;

/**
 * Active people whose username or name holds the query's words (word similarity, so typos and
 * prefixes match): an exact username first, then the closest, then the most followed.
 */
export async function searchUserIds(
  db: Executor,
  search: { term: string; after: SearchKey | null; limit: number },
): Promise<RankedId[]> {
  const inner = sql`
    select users.id,
      case when lower(users.username) = ${search.term} then 1 else 0 end as tier,
      round((word_similarity(${search.term}, ${USER_TEXT}) + least(users.follower_count, 1000000) / 1e9)::numeric, 9) as rank
    from users
    where ${activeAccountAs('users')} and ${USER_TEXT} %> ${search.term}`;
  return rankedIds(db, inner, search.after, search.limit);
}

/**
 * For each word not in the vocabulary, the most similar vocabulary word (trigram similarity
 * above pg_trgm's threshold, the more used first), if any.
 */
export async function findCorrections(db: Executor, words: string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await selectRows<{ word: string; fix: string | null }>(
    db,
    sql`
    select w.word, (
      select t.term from search_terms t
      where t.term % w.word and left(t.term, 1) <> '#'
      order by similarity(t.term, w.word) desc, t.pin_count desc, t.term
      limit 1) as fix
    from unnest(${textArray(words)}) as w(word)
    where not exists (select 1 from search_terms t where t.term = w.word)`,
  );
  return new Map(rows.filter((row) => row.fix !== null).map((row) => [row.word, row.fix!]));
}
