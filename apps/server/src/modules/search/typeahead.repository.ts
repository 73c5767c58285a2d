import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { images } from '../../db/schema/images.ts';
import { users } from '../../db/schema/users.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { activeAccount, listedPublicBoards, publicPinJoins } from '../../policies/visibility.ts';
import { selectBoards } from '../boards/boards.repository.ts';
import { userSummaryColumns } from '../users/users.repository.ts';

/** A LIKE pattern matching values that start with `prefix` (its % and _ taken literally). */
export function startsWithPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many title index entries one typeahead looks at, whatever the prefix: bounds its time. */
const TITLE_CANDIDATES = 200;

/**
 * Pin titles (lower case) starting with the prefix on public boards of active accounts, the
 * most pinned first among the first candidates in index order (pins_title_prefix_idx).
 * `using ~<~` is the index's own order (text_pattern_ops, byte order): ordered by the default
 * collation instead, no index can give the order, and a common prefix ('how', 'the': 16,000 of
 * 100,000 titles) fetched and sorted every match, 60-90 ms, instead of stopping at the limit.
 * The candidates are taken from `pins` alone and the visibility joins applied to them: with the
 * joins inside the limit the planner fetched and sorted every match of a prefix such as 'mi'
 * (852 of 100,000 titles, 35-44 ms against 2.6 ms, loaded machine); a hidden pin's title thus
 * takes a candidate's place.
 */
export async function listTitlesByPrefix(db: Executor, prefix: string, limit: number): Promise<string[]> {
  const rows = await selectRows<{ title: string }>(
    db,
    sql`
    select pins.title from (
      select lower(c.title) as title, c.board_id, c.pinner_id from pins c
      where lower(c.title) like ${startsWithPattern(prefix)} and length(c.title) <= 60
      order by lower(c.title) using ~<~
      limit ${TITLE_CANDIDATES}
    ) pins ${publicPinJoins}
    group by pins.title
    order by count(*) desc, pins.title
    limit ${limit}`,
  );
  return rows.map((row) => row.title);
}

/** Hashtags ('#tag') starting with `#prefix` from the vocabulary, the most used first. */
export async function listVocabularyHashtags(db: Executor, prefix: string, limit: number): Promise<string[]> {
  const rows = await selectRows<{ term: string }>(
    db,
    sql`select term from search_terms where term like ${startsWithPattern(`#${prefix}`)}
    order by pin_count desc, term limit ${limit}`,
  );
  return rows.map((row) => row.term);
}

/** Public, unarchived boards of active owners with a name word starting with the prefix. */
export function listBoardsByPrefix(db: Executor, prefix: string, limit: number) {
  const pattern = startsWithPattern(prefix);
  return selectBoards(db, null)
    .where(
      and(
        listedPublicBoards(),
        sql`(lower(${boards.name}) like ${pattern} or lower(${boards.name}) like ${`% ${pattern}`})`,
      ),
    )
    .orderBy(desc(boards.followerCount), desc(boards.pinCount), desc(boards.id))
    .limit(limit);
}

/** Active people whose username, first or last name starts with the prefix; usernames first. */
export function listUsersByPrefix(db: Executor, prefix: string, limit: number) {
  const avatar = alias(images, 'typeahead_avatar');
  const person = alias(users, 'users');
  const pattern = startsWithPattern(prefix);
  // The expression of users_search_trgm_idx (the alias keeps the table's own name).
  const text = sql`lower(${person.username} || ' ' || ${person.firstName} || ' ' || ${person.lastName})`;
  return db
    .select({ ...userSummaryColumns(person, avatar), followerCount: person.followerCount })
    .from(person)
    .leftJoin(avatar, eq(avatar.id, person.avatarImageId))
    .where(
      and(
        activeAccount(person),
        // The trigram index narrows (users_search_trgm_idx); the word-start test decides.
        sql`${text} like ${`%${pattern}`}`,
        sql`(${text} like ${pattern} or ${text} like ${`% ${pattern}`})`,
      ),
    )
    .orderBy(sql`lower(${person.username}) like ${pattern} desc`, desc(person.followerCount), desc(person.id))
    .limit(limit);
}
