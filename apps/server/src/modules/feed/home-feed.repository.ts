import { sql, type SQL } from 'drizzle-orm';
import { selectRows } from '../../db/sql-helpers.ts';
import type { Executor } from '../../db/client.ts';
import { onPublicBoardAnyStatus, publicPinAs } from '../../policies/visibility.ts';

/*
 * The signed-in home feed (decision 30) in two parts, each newest first by id:
 *   followed: pins on boards the viewer follows and pins by people the viewer follows;
 *   fresh:    everyone else's pins, minus every picture the followed part holds.
 * Public boards only in both, never the viewer's own pins. 'The same pin' is the same picture
 * (image_id: a save copies its source's image and images are stored once per content hash),
 * so a pin saved to several boards, a save of a save and the original are one pin. Each part
 * shows a picture at its newest pin only; the rule needs no state between pages: a copy older
 * than one already shown always has that newer one above it.
 */

/** Board ids the viewer follows and user ids the viewer follows, as SQL sets. */
function followedBoardIds(viewerId: number): SQL {
  return sql`(select bf.board_id from board_follows bf where bf.user_id = ${viewerId})`;
}
function followeeIds(viewerId: number): SQL {
  return sql`(select uf.followee_id from user_follows uf where uf.follower_id = ${viewerId})`;
}

/** `q` (a pins alias) is someone else's pin on a public board. */
function othersPublicPin(viewerId: number): SQL {
  return sql`q.pinner_id <> ${viewerId} and ${onPublicBoardAnyStatus('q')}`;
}

/** `q` is in the followed part: someone else's public pin on a followed board or by a followee. */
function followedCopy(viewerId: number): SQL {
  return sql`${othersPublicPin(viewerId)}
    and (q.board_id in ${followedBoardIds(viewerId)} or q.pinner_id in ${followeeIds(viewerId)})`;
}

/** Some pin `q` with the picture of the batch row `c` matches `condition` (pins_image_id_idx). */
function copyExists(condition: SQL): SQL {
  return sql`exists (select 1 from pins q where q.image_id = c.image_id and ${condition})`;
}

/**
 * The newest pins of a part before `beforeId`, at most `limit`, with the part's rules unapplied:
 * followed boards and people (one index walk per board or person followed), or everyone.
 */
function batchOf(query: HomeFeedBatchQuery): SQL {
  const { viewerId, beforeId, limit } = query;
  const before = beforeId === null ? sql`true` : sql`p.id < ${beforeId}`;
  const columns = sql`p.id, p.image_id, p.board_id, p.pinner_id`;
  if (query.part === 'fresh') {
    return sql`select ${columns} from pins p where ${before} and p.pinner_id <> ${viewerId}
      order by p.id desc limit ${limit}`;
  }
  return sql`select * from (
      select ${columns} from board_follows f cross join lateral (
        select ${columns} from pins p where p.board_id = f.board_id and ${before} order by p.id desc limit ${limit}
      ) p where f.user_id = ${viewerId}
      union
      select ${columns} from user_follows f cross join lateral (
        select ${columns} from pins p where p.pinner_id = f.followee_id and ${before} order by p.id desc limit ${limit}
      ) p where f.follower_id = ${viewerId}
    ) p where p.pinner_id <> ${viewerId} order by p.id desc limit ${limit}`;
}

/** Whether the batch row `c` is shown in its part (see the rules at the top). */
function shownInPart(part: HomeFeedPart, viewerId: number): SQL {
  const publicPin = publicPinAs('c');
  const newerCopy = sql`q.id > c.id`;
  if (part === 'followed') {
    return sql`${publicPin} and not ${copyExists(sql`${newerCopy} and ${followedCopy(viewerId)}`)}`;
  }
  return sql`${publicPin} and not ${copyExists(followedCopy(viewerId))}
    and not ${copyExists(sql`${newerCopy} and ${othersPublicPin(viewerId)}`)}`;
}

export type HomeFeedPart = 'followed' | 'fresh';

export interface HomeFeedBatchQuery {
  viewerId: number;
  part: HomeFeedPart;
  /** Where the walk continues: the id of the last pin looked at; null starts at the newest. */
  beforeId: number | null;
  limit: number;
}

/**
 * The next `limit` pins of a part, newest first, each marked shown or not. In two steps on
 * purpose: with the rules in the walk itself, PostgreSQL misjudges how many rows pass them
 * and joins and sorts every candidate instead of reading a page of the primary key.
 */
export async function listHomeFeedBatch(db: Executor, query: HomeFeedBatchQuery) {
  const rows = await selectRows<{ id: string | number; shown: boolean }>(
    db,
    sql`select c.id, (${shownInPart(query.part, query.viewerId)}) as shown
      from (${batchOf(query)}) c order by c.id desc`,
  );
  return rows.map((row) => ({ id: Number(row.id), shown: row.shown }));
}
