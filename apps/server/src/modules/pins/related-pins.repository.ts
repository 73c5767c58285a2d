import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { publicPinJoins, visiblePinJoins } from '../../policies/visibility.ts';

/** What the ranking needs to know about the pin whose related pins are listed. */
export interface RelatedSource {
  id: number;
  boardId: number;
  imageId: number;
  /** Distinct, at most MAX_SOURCE_HASHTAGS of them. */
  hashtags: string[];
  /** Words of its title and description; empty when it has none. */
  words: string[];
}

export interface RelatedPageQuery {
  /** The (score, id) of the last pin of the previous page. */
  after: readonly [number, number] | null;
  limit: number;
}

/** Tags of the source pin the ranking compares, so the hashtag part stays under the board's. */
export const MAX_SOURCE_HASHTAGS = 30;

/**
 * How many candidates each way of being related brings (decision 42): the source board's newest
 * pins, the newest pins sharing a hashtag, the newest text matches. Only candidates are ranked,
 * so a request reads at most three times this many pins whatever the number of pins.
 */
export const RELATED_CANDIDATES_PER_BRANCH = 100;

/*
 * The score orders by same board, then shared hashtags, then text similarity, packed into one
 * integer so a page continues from a plain (score, id) keyset:
 *   same board      1 000 000 000
 *   shared hashtags     1 000 000 each (the source has at most MAX_SOURCE_HASHTAGS)
 *   text rank         0 – 999 999 (ts_rank normalised to [0, 1) by flag 32, times 10^6)
 * A pin's score depends on the pin and the source only, never on which branch found it: pages
 * never repeat a pin.
 */
const SAME_BOARD_WEIGHT = sql.raw('1000000000::int8');
const HASHTAG_WEIGHT = sql.raw('1000000::int8');
const TEXT_RANK_SCALE = sql.raw('1000000');

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The pin whose related pins are asked for, if the viewer may see it: what the ranking needs of it. */
export async function findRelatedSource(db: Executor, id: number, viewerId: number | null) {
  const [row] = await selectRows<{
    id: string | number;
    board_id: string | number;
    image_id: string | number;
    title: string;
    description: string;
    hashtags: string[];
  }>(
    db,
    sql`select pins.id, pins.board_id, pins.image_id, pins.title, pins.description, pins.hashtags
    from pins ${visiblePinJoins(viewerId)} where pins.id = ${id}`,
  );
  return row
    ? {
        id: Number(row.id),
        boardId: Number(row.board_id),
        imageId: Number(row.image_id),
        title: row.title,
        description: row.description,
        hashtags: row.hashtags,
      }
    : null;
}

/**
 * The ids of the candidates: each branch is a newest-first index scan that stops after
 * RELATED_CANDIDATES_PER_BRANCH rows (the board's: pins_board_id_idx, (board_id, id), backwards).
 */
function candidateIds(source: RelatedSource, tags: SQL | null, query: SQL | null): SQL {
  const branches = [
    sql`(select c.id from pins c where c.board_id = ${source.boardId}
      order by c.id desc limit ${RELATED_CANDIDATES_PER_BRANCH})`,
  ];
  if (tags) {
    branches.push(sql`(select c.id from pins c where c.hashtags && ${tags}
      order by c.id desc limit ${RELATED_CANDIDATES_PER_BRANCH})`);
  }
  if (query) {
    // A query of stop words only is empty and matches nothing: the one-time test skips the scan,
    // which would otherwise read every pin looking for a match.
    branches.push(sql`(select c.id from pins c where numnode(${query}) > 0 and c.search_vector @@ ${query}
      order by c.id desc limit ${RELATED_CANDIDATES_PER_BRANCH})`);
  }
  return sql.join(branches, sql` union `);
}

export interface RelatedId {
  id: number;
  score: number;
}

/**
 * Ids of pins related to the source pin, best first, with their score, ranked among the bounded
 * candidates; public boards only. The rows are loaded apart (`listPublicPinsInOrder`): planning
 * this query with the seven joins of a pin answer cost more than running it.
 */
export async function listRelatedPinIds(
  db: Executor,
  source: RelatedSource,
  page: RelatedPageQuery,
): Promise<RelatedId[]> {
  // `websearch_to_tsquery` never raises on user text; "or" joins the words into any-of.
  const query = source.words.length
    ? sql`websearch_to_tsquery('english', ${source.words.join(' or ')})`
    : null;
  const tags = source.hashtags.length ? textArray(source.hashtags) : null;

  const sameBoard = sql`(case when pins.board_id = ${source.boardId} then ${SAME_BOARD_WEIGHT} else 0::int8 end)`;
  // One containment test per tag of the source: cheaper than intersecting arrays per row.
  const sharedTags = tags
    ? sql`(${sql.join(
        source.hashtags.map((tag) => sql`(pins.hashtags @> array[${tag}]::text[])::int`),
        sql` + `,
      )}) * ${HASHTAG_WEIGHT}`
    : sql`0`;
  // The stored search vector (decision 27): title A, board name and hashtags B, description C.
  const textRank = query
    ? sql`floor(ts_rank(pins.search_vector, ${query}, 32) * ${TEXT_RANK_SCALE})::int8`
    : sql`0`;
  const score = sql`(${sameBoard} + ${sharedTags} + ${textRank})`;

  // A discovery list, like the home feed: secret pins stay on their boards (publicPinJoins).
  const rows = await selectRows<{ id: string | number; score: string | number }>(
    db,
    sql`select s.id, s.score from (
      select pins.id, ${score} as score
      from pins ${publicPinJoins}
      where pins.id in (${candidateIds(source, tags, query)})
        and pins.id <> ${source.id} and pins.image_id <> ${source.imageId}
    ) s
    where ${page.after === null ? sql`true` : sql`(s.score, s.id) < (${page.after[0]}, ${page.after[1]})`}
    order by s.score desc, s.id desc
    limit ${page.limit}`,
  );
  return rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
}
