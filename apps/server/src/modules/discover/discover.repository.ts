import { and, desc, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { boards } from '../../db/schema/boards.ts';
import { pins } from '../../db/schema/pins.ts';
import { selectBoards } from '../boards/boards.repository.ts';
import { publicSaveCount } from '../../policies/counts.ts';
import { listedPublicBoards, publicPinAs, publicSaves } from '../../policies/visibility.ts';
import { newestOfPictureIn, readablePins, selectPins, type PinRow } from '../pins/pins.repository.ts';

/*
 * Everything here is what a visitor may see (public boards, active people), the same for every
 * viewer, so the service keeps it for a minute (decision 30).
 */

const DAY_MS = 86_400_000;
const since = (days: number) => new Date(Date.now() - days * DAY_MS);

/**
 * The most used hashtags, from the search vocabulary ('#tag' terms of pins on public boards,
 * kept by migration 0010's trigger; a term's count is the sum of its rows, migration 0024),
 * without their '#'.
 */
export async function listPopularHashtags(db: Executor, limit: number): Promise<string[]> {
  const rows = await selectRows<{ term: string }>(
    db,
    sql`select term from search_terms where term like '#%'
    group by term order by sum(pin_count) desc, term limit ${limit}`,
  );
  return rows.map((row) => row.term.slice(1));
}

export interface HashtagCoverRow {
  tag: string;
  pin_id: string | number;
  image_id: string | number;
  sizes: PinRow['imageSizes'];
  dominant_color: string;
}

/** Up to `perTag` of the newest readable public pins of each tag, for the tiles' pictures. */
export function listHashtagCovers(db: Executor, tags: string[], perTag: number): Promise<HashtagCoverRow[]> {
  if (tags.length === 0) return Promise.resolve([]);
  const tagList = sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  );
  return selectRows<HashtagCoverRow>(
    db,
    sql`select t.tag, p.id as pin_id, p.image_id, i.sizes, p.dominant_color
    from unnest(array[${tagList}]::text[]) as t(tag)
    cross join lateral (
      select p.id, p.image_id, p.dominant_color from pins p
      where p.hashtags @> array[t.tag] and ${publicPinAs('p')}
      order by p.id desc limit ${perTag}
    ) p
    join images i on i.id = p.image_id`,
  );
}

/**
 * Pins saved most often in the last `days` (by saves made then), most saved first. Only saves
 * anyone may see count, as in a pin's repin_count: on a public board of an active owner, by an
 * active account.
 */
export async function listMostSavedPinIds(db: Executor, days: number, limit: number): Promise<number[]> {
  const rows = await selectRows<{ id: string | number }>(
    db,
    sql`select save.via_pin_id as id from ${publicSaves}
      where save.via_pin_id is not null and save.created_at >= ${since(days).toISOString()}
      group by save.via_pin_id order by count(*) desc, save.via_pin_id desc limit ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Public pins made in the last `days`, the most saved first (by the saves anyone may see, the
 * repin_count their answers show); `linked`: only pins with a link.
 */
export function listRecentPopularPins(db: Executor, days: number, linked: boolean, limit: number) {
  const conditions: (SQL | undefined)[] = [
    readablePins(null),
    gte(pins.createdAt, since(days)),
    linked ? isNotNull(pins.link) : undefined,
  ];
  return selectPins(db)
    .where(and(...conditions))
    .orderBy(desc(publicSaveCount), desc(pins.id))
    .limit(limit);
}

/** The newest public boards with at least `minPins` pins, of active owners, not archived. */
export function listNewBoards(db: Executor, minPins: number, limit: number) {
  return selectBoards(db, null)
    .where(and(listedPublicBoards(), gte(boards.pinCount, minPins)))
    .orderBy(desc(boards.createdAt), desc(boards.id))
    .limit(limit);
}

/**
 * A hashtag's pins, as pagePins filters them (newest first, public for everyone), one card per
 * picture: the newest public pin of each picture carrying the tag.
 */
export const carriesHashtag = (tag: string): SQL =>
  and(
    sql`${pins.hashtags} @> array[${tag}]::text[]`,
    newestOfPictureIn(sql`q.hashtags @> array[${tag}]::text[]`, null),
  )!;
