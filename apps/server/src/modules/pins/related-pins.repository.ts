import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { literalLimit, opaqueParam, preparedPerDatabase } from '../../db/prepared.ts';
import { selectRows, textArray } from '../../db/sql-helpers.ts';
import { pictureHiddenBy, publicPinJoins, visiblePinJoins } from '../../policies/visibility.ts';
import { pins } from '../../db/schema/pins.ts';
import { readablePins, selectPins, type PinRow } from './pins.repository.ts';

/** Tags of the source pin the ranking compares, so the hashtag part stays under the board's. */
export const MAX_SOURCE_HASHTAGS = 30;

/**
 * How many candidates each way of being related brings (decisions 42 and 58): the source board's
 * newest pins, the newest pins sharing a hashtag, the newest text matches. Only candidates are
 * ranked, so a request ranks at most three times this many pins whatever the number of pins.
 */
export const RELATED_CANDIDATES_PER_BRANCH = 100;

/**
 * At most this many pins written since the last request are read with the source pin (to
 * bring the kept candidate lists up to date); more, and the lists are built again.
 */
export const MAX_NEW_PINS_READ = 1000;

/** A pin written since the last look, as the kept candidate lists need it (decision 58). */
export interface NewPin {
  id: number;
  boardId: number;
  hashtags: string[];
  /** The lexemes of its stored search vector. */
  lexemes: string[];
}

/** The pin whose related pins are asked for, and what was written since `since`. */
export interface RelatedSourceRow {
  id: number;
  boardId: number;
  imageId: number;
  title: string;
  description: string;
  hashtags: string[];
  /** The newest pin id now (null: no pins). */
  newestId: number | null;
  /** Pins with an id above `since`, oldest first, at most MAX_NEW_PINS_READ + 1. */
  newPins: NewPin[];
}

type NewPinJson = { id: number; board_id: number; hashtags: string[]; lexemes: string[] };

/** The newest pin id now, and the pins after the watermark `since` (an `opaqueParam`), oldest first. */
const newestPinId = sql<string | number | null>`(select max(n.id) from pins n)`;
const newPinsAfter = (since: ReturnType<typeof opaqueParam>) => sql<NewPinJson[] | null>`(
  select json_agg(json_build_object('id', n.id, 'board_id', n.board_id, 'hashtags', n.hashtags,
    'lexemes', tsvector_to_array(n.search_vector)) order by n.id)
  from (select n.id, n.board_id, n.hashtags, n.search_vector from pins n
    where n.id > ${since} order by n.id limit ${literalLimit(MAX_NEW_PINS_READ + 1)}) n)`;

function prepareSource(audience: 'visitor' | 'viewer') {
  // The viewer and the watermark through `opaqueParam` (decision 60): a plan made for a watermark
  // above every id (no new pins) was priced below the generic plan, so each run was planned again.
  const viewer = audience === 'viewer' ? opaqueParam('viewerId', 'int8') : null;
  return preparedPerDatabase((db) =>
    db
      .select({
        id: sql<string | number>`pins.id`,
        boardId: sql<string | number>`pins.board_id`,
        imageId: sql<string | number>`pins.image_id`,
        title: sql<string>`pins.title`,
        description: sql<string>`pins.description`,
        hashtags: sql<string[]>`pins.hashtags`,
        newestId: newestPinId,
        newPins: newPinsAfter(opaqueParam('since', 'int8')),
      })
      .from(sql`pins ${visiblePinJoins(viewer)}`)
      .where(sql`pins.id = ${sql.placeholder('id')}::int8`)
      .prepare(`related_source_${audience}`),
  );
}

const sourceStatements = { visitor: prepareSource('visitor'), viewer: prepareSource('viewer') };

/**
 * The pin whose related pins are asked for, if the viewer may see it, with the pins written
 * after `since` (none when `since` is null): one prepared statement.
 */
export async function findRelatedSource(
  db: Executor,
  id: number,
  viewerId: number | null,
  since: number | null,
): Promise<RelatedSourceRow | null> {
  // An id no pin can have reads no new pins.
  const after = since ?? '9223372036854775807';
  const [row] =
    viewerId === null
      ? await sourceStatements.visitor(db).execute({ id, since: after })
      : await sourceStatements.viewer(db).execute({ id, since: after, viewerId });
  if (!row) return null;
  return {
    id: Number(row.id),
    boardId: Number(row.boardId),
    imageId: Number(row.imageId),
    title: row.title,
    description: row.description,
    hashtags: row.hashtags,
    ...newPinsOf(row, since),
  };
}

/** The newest id and the new pins a statement read with `newestPinId` and `newPinsAfter`. */
function newPinsOf(
  row: { newestId: string | number | null; newPins: NewPinJson[] | null },
  since: number | null,
): Pick<RelatedSourceRow, 'newestId' | 'newPins'> {
  return {
    newestId: row.newestId === null ? null : Number(row.newestId),
    newPins: (since === null ? [] : (row.newPins ?? [])).map((pin) => ({
      id: Number(pin.id),
      boardId: Number(pin.board_id),
      hashtags: pin.hashtags,
      lexemes: pin.lexemes,
    })),
  };
}

/**
 * The text search query of each word (`websearch_to_tsquery('english', word)` as text): `''` for
 * a stop word, one quoted lexeme for most words. The words joined by "or" make the source's query.
 */
export async function wordQueries(db: Executor, words: readonly string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await selectRows<{ word: string; query: string }>(
    db,
    sql`select w as word, websearch_to_tsquery('english', w)::text as query from unnest(${textArray(words)}) w`,
  );
  return new Map(rows.map((row) => [row.word, row.query]));
}

/** A way of being related whose newest pins are a candidate list (decision 58). */
export type RelatedBranch =
  | { kind: 'board'; boardId: number }
  | { kind: 'tag'; tag: string }
  /** Pins whose search vector matches the text search query `query` (one word's). */
  | { kind: 'text'; query: string };

/**
 * The ids of the newest RELATED_CANDIDATES_PER_BRANCH pins of a branch, newest first, whoever
 * may see them: an index scan that stops after that many rows (the board's: pins_board_id_idx
 * backwards), or, for a rare tag or word, the GIN index's few matches; planned for the value.
 */
export async function listBranchIds(db: Executor, branch: RelatedBranch): Promise<number[]> {
  const where =
    branch.kind === 'board'
      ? sql`c.board_id = ${branch.boardId}`
      : branch.kind === 'tag'
        ? sql`c.hashtags @> ${textArray([branch.tag])}`
        : sql`c.search_vector @@ ${branch.query}::tsquery`;
  const rows = await selectRows<{ id: string | number }>(
    db,
    sql`select c.id from pins c where ${where} order by c.id desc limit ${sql.raw(String(RELATED_CANDIDATES_PER_BRANCH))}`,
  );
  return rows.map((row) => Number(row.id));
}

export interface RelatedRankQuery {
  candidateIds: readonly number[];
  sourceId: number;
  imageId: number;
  boardId: number;
  /** Distinct, at most MAX_SOURCE_HASHTAGS. */
  hashtags: readonly string[];
  /** The words of the source's title and description; empty when it has none. */
  words: readonly string[];
  viewerId: number | null;
  /** The (score, id) of the last pin of the previous page. */
  after: readonly [number, number] | null;
  limit: number;
}

/*
 * The score orders by same board, then shared hashtags, then text similarity, packed into one
 * integer so a page continues from a plain (score, id) keyset:
 *   same board      1 000 000 000
 *   shared hashtags     1 000 000 each (the source has at most MAX_SOURCE_HASHTAGS)
 *   text rank         0 – 999 999 (ts_rank normalised to [0, 1) by flag 32, times 10^6)
 * A pin's score depends on the pin and the source only, never on which branch found it: pages
 * never repeat a pin.
 */
const placeholder = (name: string) => sql.placeholder(name);
const SCORE = sql`(case when pins.board_id = ${placeholder('boardId')}::int8 then 1000000000::int8 else 0::int8 end
  + (select count(*) from unnest(${placeholder('tags')}::text[]) t where pins.hashtags @> array[t]) * 1000000::int8
  + case when numnode(rq.q) > 0 then floor(ts_rank(pins.search_vector, rq.q, 32) * 1000000)::int8 else 0::int8 end)`;

/** The limits the ranking statements are built with; a page reads the smallest that holds it. */
const RANK_LIMITS = [26, 51, 101, 251, 3 * RELATED_CANDIDATES_PER_BRANCH] as const;

function prepareRankedPage(limit: number) {
  const since = opaqueParam('since', 'int8');
  const viewer = opaqueParam('viewerId', 'int8');
  const extra = { score: sql<string | number>`r.score`, newestId: newestPinId, newPins: newPinsAfter(since) };
  return preparedPerDatabase((db) =>
    selectPins(db, extra, placeholder('viewerId'), {
      relation: sql`(select s.id, s.score from (
        -- One card per picture: each picture's best-ranked pin the viewer may be shown.
        select distinct on (pins.image_id) pins.id, ${SCORE} as score
        from pins ${publicPinJoins}
        -- Parsed once per run, not per row (offset 0 keeps it a subquery).
        cross join (select websearch_to_tsquery('english', ${placeholder('words')}::text) as q offset 0) rq
        -- The kept candidates and the pins written since the watermark (none most of the time).
        where pins.id = any(array_cat(${placeholder('ids')}::int8[], array(select n.id from pins n
            where n.id > ${since} order by n.id limit ${literalLimit(MAX_NEW_PINS_READ + 1)})))
          -- The source pin is one the viewer may see (one test per run, not per row).
          and exists (select 1 from pins ${visiblePinJoins(viewer)} where pins.id = ${placeholder('sourceId')}::int8)
          and pins.id <> ${placeholder('sourceId')}::int8 and pins.image_id <> ${placeholder('imageId')}::int8
          -- Still related now (a kept candidate list may predate an edit).
          and (pins.board_id = ${placeholder('boardId')}::int8 or pins.hashtags && ${placeholder('tags')}::text[]
            or (numnode(rq.q) > 0 and pins.search_vector @@ rq.q))
          -- 'See fewer like this' (decision 43): none of a picture the viewer hid.
          and not ${pictureHiddenBy(sql`${placeholder('viewerId')}::int8`, sql`pins.image_id`)}
        order by pins.image_id, score desc, pins.id desc
      ) s
      where (s.score, s.id) < (${placeholder('afterScore')}::int8, ${placeholder('afterId')}::int8)
      order by s.score desc, s.id desc
      limit ${literalLimit(limit)}) r`,
      on: sql`r.id = ${pins.id}`,
    })
      // The ranked pins are public already (same snapshot); the rule of every pin read again.
      .where(readablePins(null))
      .orderBy(sql`r.score desc, r.id desc`)
      .prepare(`related_page_${limit}`),
  );
}

const rankedPageStatements = new Map(RANK_LIMITS.map((limit) => [limit, prepareRankedPage(limit)]));

/** A ranked related pin: its row as every pin answer reads it, and its score. */
export type RankedPinRow = PinRow & { score: number };

/** A page of ranked pins, and the pins written after `since` that the statement read with it. */
export interface RankedPage extends Pick<RelatedSourceRow, 'newestId' | 'newPins'> {
  rows: RankedPinRow[];
}

/**
 * Ranks the candidates — the kept ones and the pins written after `since` (the watermark; null:
 * none), the public ones (`publicPinJoins`, whoever asks) still related to the source, best first,
 * one per picture, none of a picture the viewer hid; at most `limit` after the `after` key — and
 * reads those pins' rows (`selectPins`, with the viewer's saved state) in the same prepared
 * statement. No rows when the viewer may not see the source pin.
 */
export async function pageRankedRelatedPins(
  db: Executor,
  query: RelatedRankQuery & { since: number | null },
): Promise<RankedPage> {
  if (query.candidateIds.length === 0) return { rows: [], newestId: null, newPins: [] };
  const limit = RANK_LIMITS.find((bucket) => bucket >= query.limit) ?? RANK_LIMITS[RANK_LIMITS.length - 1]!;
  const rows = await rankedPageStatements.get(limit)!(db).execute({
    ids: query.candidateIds,
    sourceId: query.sourceId,
    imageId: query.imageId,
    boardId: query.boardId,
    tags: query.hashtags,
    // "or" joins the words into any-of; `websearch_to_tsquery` never raises on user text.
    words: query.words.join(' or '),
    viewerId: query.viewerId,
    // An id no pin can have reads no new pins.
    since: query.since ?? '9223372036854775807',
    afterScore: query.after?.[0] ?? '9223372036854775807',
    afterId: query.after?.[1] ?? '9223372036854775807',
  });
  const first = rows[0];
  return {
    rows: rows.slice(0, query.limit).map(({ newestId: _newest, newPins: _new, ...row }) => ({
      ...row,
      score: Number(row.score),
    })),
    ...(first ? newPinsOf(first, query.since) : { newestId: null, newPins: [] }),
  };
}
