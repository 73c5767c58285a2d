import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pins, pinTextVector } from '../../db/schema/pins.ts';
import { readablePins, selectPins } from './pins.repository.ts';

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

/*
 * The score orders by same board, then shared hashtags, then text similarity, packed into one
 * integer so a page continues from a plain (score, id) keyset:
 *   same board      1 000 000 000
 *   shared hashtags     1 000 000 each (the source has at most MAX_SOURCE_HASHTAGS)
 *   text rank         0 – 999 999 (ts_rank normalised to [0, 1) by flag 32, times 10^6)
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

/** The pin whose related pins are asked for, if the viewer may see it. */
export async function findRelatedSource(db: Executor, id: number, viewerId: number | null) {
  const [row] = await selectPins(db, { imageId: sql<number>`${pins.imageId}`.mapWith(Number).as('image_id') })
    .where(and(eq(pins.id, id), readablePins(viewerId)))
    .limit(1);
  return row ?? null;
}

/** Pins related to the source pin, best first, in one query; public boards only. */
export async function listRelatedPins(db: Executor, source: RelatedSource, page: RelatedPageQuery) {
  const vector = pinTextVector(pins.title, pins.description);
  // `websearch_to_tsquery` never raises on user text; "or" joins the words into any-of.
  const query = source.words.length
    ? sql`websearch_to_tsquery('english', ${source.words.join(' or ')})`
    : null;
  const tags = source.hashtags.length ? textArray(source.hashtags) : null;

  const sameBoard = sql`(case when ${pins.boardId} = ${source.boardId} then ${SAME_BOARD_WEIGHT} else 0::int8 end)`;
  // One containment test per tag of the source: cheaper than intersecting arrays per row.
  const sharedTags = tags
    ? sql`(${sql.join(
        source.hashtags.map((tag) => sql`(${pins.hashtags} @> array[${tag}]::text[])::int`),
        sql` + `,
      )}) * ${HASHTAG_WEIGHT}`
    : sql`0`;
  const textRank = query ? sql`floor(ts_rank(${vector}, ${query}, 32) * ${TEXT_RANK_SCALE})::int8` : sql`0`;
  const score = sql<number>`(${sameBoard} + ${sharedTags} + ${textRank})`;

  // Each branch can use an index: pins_board_id_idx, pins_hashtags_idx, pins_text_search_idx.
  const related = or(
    eq(pins.boardId, source.boardId),
    tags ? sql`${pins.hashtags} && ${tags}` : undefined,
    query ? sql`${vector} @@ ${query}` : undefined,
  );

  return selectPins(db, { score: score.mapWith(Number).as('score') })
    .where(
      and(
        related,
        ne(pins.id, source.id),
        ne(pins.imageId, source.imageId),
        // A discovery list, like the home feed: secret pins stay on their boards.
        readablePins(null),
        page.after === null ? undefined : sql`(${score}, ${pins.id}) < (${page.after[0]}, ${page.after[1]})`,
      ),
    )
    .orderBy(desc(score), desc(pins.id))
    .limit(page.limit);
}
