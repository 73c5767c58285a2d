import { sql, type SQL } from 'drizzle-orm';
import { literalLimit, opaqueParam, preparedPerDatabase } from '../../db/prepared.ts';
import type { Executor } from '../../db/client.ts';
import { pins } from '../../db/schema/pins.ts';
import { readablePins, selectPins, type PinRow } from '../pins/pins.repository.ts';
import { viewerFactsValue, type FactsAsk, type FactsRow } from '../promoted/serving.ts';
import { onPublicBoardAnyStatus, pictureHiddenBy, publicPinAs } from '../../policies/visibility.ts';

/*
 * The signed-in home feed (decision 30) in three parts, each newest first by id:
 *   followed:  pins on boards the viewer follows and pins by people the viewer follows;
 *   interests: others' pins carrying a hashtag the viewer chose as an interest (decision 47),
 *              minus every picture the followed part holds;
 *   fresh:     everyone else's pins, minus every picture the followed part holds and the
 *              pins the interests part shows.
 * Public boards only in both, never the viewer's own pins. 'The same pin' is the same picture
 * (image_id: a save copies its source's image and images are stored once per content hash),
 * so a pin saved to several boards, a save of a save and the original are one pin. Each part
 * shows a picture at its newest pin only; the rule needs no state between pages: a copy older
 * than one already shown always has that newer one above it.
 */

// Every part of a batch query that varies per request is a placeholder: the statements are
// prepared (db/prepared.ts), one per part, first or later batch, and batch size. The viewer is
// read through a scalar subquery, which the planner does not look into: a plan made for one
// viewer's value (one who follows nobody is priced far below the average) would otherwise look
// cheaper than the generic plan every time, and PostgreSQL would plan every run again.
const viewer = sql`(select ${sql.placeholder('viewerId')}::int8)`;

/** `q` (a pins alias) is someone else's pin on a public board. */
const othersPublicPin = sql`q.pinner_id <> ${viewer} and ${onPublicBoardAnyStatus('q')}`;

/** The boards and the people the viewer follows, as arrays (each read once per query). */
const followedBoards = sql`array(select bf.board_id from board_follows bf where bf.user_id = ${viewer})`;
const followees = sql`array(select uf.followee_id from user_follows uf where uf.follower_id = ${viewer})`;
/** The viewer's interests (hashtags), read once per query. */
const interests = sql`array(select ui.name from user_interests ui where ui.user_id = ${viewer})`;

/**
 * Some pin `q` with the picture of the batch row `c` is in the followed part (someone else's
 * public pin on a followed board or by a followee) and matches `condition`: one probe of
 * `pins_board_image_idx` per followed board and of `pins_pinner_image_idx` per followee, not a
 * walk over every copy of the picture, which a picture many people save has without bound.
 */
function followedCopyExists(condition: SQL): SQL {
  const copy = sql`q.image_id = c.image_id and ${othersPublicPin} and ${condition}`;
  return sql`(exists (select 1 from pins q where q.board_id = any(${followedBoards}) and ${copy})
      or exists (select 1 from pins q where q.pinner_id = any(${followees}) and ${copy}))`;
}

/**
 * The newest pins of a part (before the placeholder `beforeId` on later batches), at most
 * `limit`, with the part's rules unapplied: followed boards and people (one index walk per
 * board or person followed), or everyone.
 */
function walkOf(part: HomeFeedPart, later: boolean, limit: number): SQL {
  const before = later ? sql`p.id < ${sql.placeholder('beforeId')}` : sql`true`;
  const columns = sql`p.id, p.image_id, p.board_id, p.pinner_id, p.removed_at`;
  const rows = literalLimit(limit);
  if (part === 'fresh') {
    return sql`select ${columns}, p.hashtags from pins p where ${before} and p.pinner_id <> ${viewer}
      order by p.id desc limit ${rows}`;
  }
  if (part === 'interests') {
    // No interests: a one-time test that skips the walk, rather than a walk that matches nothing.
    return sql`select ${columns} from pins p where cardinality(${interests}) > 0 and ${before}
      and p.pinner_id <> ${viewer} and p.hashtags && ${interests} order by p.id desc limit ${rows}`;
  }
  // A followee's pins on a followed board are walked with the board only, so the two walks never
  // hold the same pin and are appended as they are (`union all`), not hashed to drop repeats. A
  // board's walk stops at its newest `limit` pins of others: an older one is in no batch either way.
  return sql`select * from (
      select ${columns} from board_follows f cross join lateral (
        select ${columns} from pins p where p.board_id = f.board_id and ${before} and p.pinner_id <> ${viewer}
          order by p.id desc limit ${rows}
      ) p where f.user_id = ${viewer}
      union all
      select ${columns} from user_follows f cross join lateral (
        select ${columns} from pins p where p.pinner_id = f.followee_id and ${before}
          and p.board_id <> all(${followedBoards}) order by p.id desc limit ${rows}
      ) p where f.follower_id = ${viewer}
    ) p where p.pinner_id <> ${viewer} order by p.id desc limit ${rows}`;
}

/**
 * A part's batch: its walk, and on the followed part's first batch each row's `newest_copy`, the
 * newest pin of its picture in the batch on a public board. A first batch is every pin of its
 * walk above its last row (the walk's pins newest first, cut at `limit`), and the followed walk
 * holds every pin the part's "newer copy" test looks for (someone else's pin on a followed board
 * or by a followee), so there the test reads the batch instead of probing the indexes once per
 * followed board and person for each row. Later batches have copies above `beforeId` outside the
 * batch, and the other parts look for copies anywhere: they probe.
 */
function batchOf(part: HomeFeedPart, later: boolean, limit: number): SQL {
  const walk = walkOf(part, later, limit);
  if (!newerCopiesInBatch(part, later)) return walk;
  return sql`select w.*, max(w.id) filter (where w.on_public_board) over (partition by w.image_id) as newest_copy
    from (select p.*, ${onPublicBoardAnyStatus('p')} as on_public_board from (${walk}) p) w`;
}

function newerCopiesInBatch(part: HomeFeedPart, later: boolean): boolean {
  return part === 'followed' && !later;
}

/** The viewer asked to see fewer like this picture ('See fewer like this', decision 43). */
const hiddenPicture = pictureHiddenBy(viewer, sql`c.image_id`);

/** Whether the batch row `c` is shown in its part (see the rules at the top). */
function shownInPart(part: HomeFeedPart, later: boolean): SQL {
  const publicPin = sql`${publicPinAs('c')} and not ${hiddenPicture}`;
  const newerCopy = sql`q.id > c.id`;
  if (part === 'followed') {
    // A public pin is itself a copy on a public board: with none newer in the batch, the newest.
    const newest = newerCopiesInBatch(part, later)
      ? sql`c.newest_copy = c.id`
      : sql`not ${followedCopyExists(newerCopy)}`;
    return sql`${publicPin} and ${newest}`;
  }
  // A picture outside the followed part shows at its newest copy: in the interests part when
  // that copy carries an interest, else in the fresh part, so once in all.
  const shownAtNewestCopy = sql`${publicPin} and not ${followedCopyExists(sql`true`)}
    and not exists (select 1 from pins q where q.image_id = c.image_id and ${newerCopy} and ${othersPublicPin})`;
  if (part === 'interests') return shownAtNewestCopy;
  return sql`${shownAtNewestCopy} and not (c.hashtags && ${interests})`;
}

export type HomeFeedPart = 'followed' | 'interests' | 'fresh';

/** The parts in the order the feed shows them. */
export const HOME_FEED_PARTS: readonly HomeFeedPart[] = ['followed', 'interests', 'fresh'];

/** The batch sizes the statements are built with; a batch reads the smallest that holds it. */
export const HOME_FEED_BATCH_SIZES = [50, 100, 250, 500] as const;

export interface HomeFeedBatchQuery {
  viewerId: number;
  part: HomeFeedPart;
  /** Where the walk continues: the id of the last pin looked at; null starts at the newest. */
  beforeId: number | null;
  /** One of `HOME_FEED_BATCH_SIZES`. */
  limit: (typeof HOME_FEED_BATCH_SIZES)[number];
}

function prepareBatch(part: HomeFeedPart, later: boolean, limit: number) {
  return preparedPerDatabase((db) =>
    db
      .select({ id: sql<string | number>`c.id`, shown: sql<boolean>`${shownInPart(part, later)}` })
      .from(sql`(${batchOf(part, later, limit)}) c`)
      .orderBy(sql`c.id desc`)
      .prepare(`home_feed_${part}_${limit}${later ? '_later' : ''}`),
  );
}

const batches = new Map<string, ReturnType<typeof prepareBatch>>();

/**
 * The next `limit` pins of a part, newest first, each marked shown or not. In two steps on
 * purpose: with the rules in the walk itself, PostgreSQL misjudges how many rows pass them
 * and joins and sorts every candidate instead of reading a page of the primary key.
 */
export async function listHomeFeedBatch(db: Executor, query: HomeFeedBatchQuery) {
  const { part, beforeId, limit, viewerId } = query;
  const later = beforeId !== null;
  const key = `${part} ${limit} ${later}`;
  let prepared = batches.get(key);
  if (!prepared) batches.set(key, (prepared = prepareBatch(part, later, limit)));
  const rows = await prepared(db).execute(later ? { viewerId, beforeId } : { viewerId });
  return rows.map((row) => ({ id: Number(row.id), shown: row.shown }));
}

export interface HomeFeedPageQuery extends HomeFeedBatchQuery {
  /** How many shown pins to read the rows of (a page and one more). */
  wanted: number;
  /** Who is looking, for choosing the promoted pins: read along on the first row (decision 79). */
  along: FactsAsk | null;
}

function preparePage(part: HomeFeedPart, later: boolean, limit: number, wanted: number, along: boolean) {
  // The promoted facts' subqueries read only parameters: PostgreSQL runs them once, for the first row.
  const first = along ? sql`, row_number() over (order by b.id desc) = 1 as first` : sql``;
  const promotedFacts = along
    ? sql<FactsRow | null>`case when r.first then ${viewerFactsValue} end`
    : sql<null>`null`;
  return preparedPerDatabase((db) =>
    selectPins(db, { promotedFacts }, opaqueParam('viewerId', 'int8'), {
      relation: sql`(select b.id${first} from (
          select c.id, ${shownInPart(part, later)} as shown from (${batchOf(part, later, limit)}) c
        ) b where b.shown order by b.id desc limit ${literalLimit(wanted)}) r`,
      on: sql`r.id = ${pins.id}`,
    })
      // The batch's rules hold the public-pin rules already (same snapshot); read again all the same.
      .where(readablePins(null))
      .orderBy(sql`r.id desc`)
      .prepare(
        `home_feed_${part}_${limit}${later ? '_later' : ''}_page_${wanted}${along ? '_promoted' : ''}`,
      ),
  );
}

const pages = new Map<string, ReturnType<typeof preparePage>>();

/**
 * The rows (as every pin answer reads them, with the viewer's saved state) of the first `wanted`
 * shown pins of the part's next batch, newest first: `listHomeFeedBatch` and the page's rows in
 * one prepared statement. Fewer than `wanted` rows say nothing of where the part goes on: then
 * the caller walks it batch by batch. `facts` answers `along` when the statement found a row
 * (undefined when not asked or no row).
 */
export async function listHomeFeedPage(
  db: Executor,
  query: HomeFeedPageQuery,
): Promise<{ rows: PinRow[]; facts: FactsRow | null | undefined }> {
  const { part, beforeId, limit, viewerId, wanted, along } = query;
  const later = beforeId !== null;
  const key = `${part} ${limit} ${later} ${wanted} ${along !== null}`;
  let prepared = pages.get(key);
  if (!prepared) pages.set(key, (prepared = preparePage(part, later, limit, wanted, along !== null)));
  const rows = await prepared(db).execute({
    viewerId,
    ...(later ? { beforeId } : {}),
    ...(along ? { images: along.images } : {}),
  });
  return { rows, facts: along && rows.length > 0 ? rows[0]!.promotedFacts : undefined };
}
