import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import {
  activeAccountAs,
  listedPublicBoardAs,
  notBlockedEitherWay,
  publicPinJoins,
} from '../../policies/visibility.ts';
import type { UserSummaryRow } from '../users/users.repository.ts';
import { listRecentSearches } from './recent-searches.repository.ts';

/** A LIKE pattern matching values that start with `prefix` (its % and _ taken literally). */
export function startsWithPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many title index entries one typeahead looks at, whatever the prefix: bounds its time. */
const TITLE_CANDIDATES = 200;

/** A query's rows as one JSON array (`[]` when none), in the order `order` gives. */
function jsonArrayOf(rows: SQLWrapper, item: SQL, order: SQL): SQL {
  return sql`(select coalesce(json_agg(${item} order by ${order}), '[]'::json) from (${rows}) r)`;
}

/**
 * Pin titles (lower case) starting with the prefix on public boards of active accounts, the
 * most pinned first among the first candidates in index order (pins_title_prefix_idx), as rows
 * of `title` (and `uses`) in their order.
 * `using ~<~` is the index's own order (text_pattern_ops, byte order): ordered by the default
 * collation instead, no index can give the order, and a common prefix ('how', 'the': 16,000 of
 * 100,000 titles) fetched and sorted every match, 60-90 ms, instead of stopping at the limit.
 * The candidates are taken from `pins` alone and the visibility joins applied to them: with the
 * joins inside the limit the planner fetched and sorted every match of a prefix such as 'mi'
 * (852 of 100,000 titles, 35-44 ms against 2.6 ms, loaded machine); a hidden pin's title thus
 * takes a candidate's place. The pattern is a parameter of a statement planned for its value
 * (not prepared): a generic plan cannot turn `like $n` into an index range, and with an explicit
 * range of parameters it read and sorted every match of a common prefix (16,482 rows for 'how').
 */
function titlesByPrefix(prefix: string, limit: number): SQL {
  return sql`
    select pins.title, count(*) as uses from (
      select lower(c.title) as title, c.board_id, c.pinner_id, c.removed_at from pins c
      where lower(c.title) like ${startsWithPattern(prefix)} and length(c.title) <= 60
      order by lower(c.title) using ~<~
      limit ${TITLE_CANDIDATES}
    ) pins ${publicPinJoins}
    group by pins.title
    order by count(*) desc, pins.title
    limit ${limit}`;
}

export async function listTitlesByPrefix(db: Executor, prefix: string, limit: number): Promise<string[]> {
  const rows = await selectRows<{ title: string }>(db, titlesByPrefix(prefix, limit));
  return rows.map((row) => row.title);
}

/**
 * Hashtags ('#tag') starting with `#prefix` from the vocabulary, the most used first (a term's
 * count is the sum of its rows, migration 0024), as rows of `term, pin_count`.
 */
function vocabularyHashtags(prefix: string, limit: number): SQL {
  return sql`select term, sum(pin_count) as pin_count from search_terms
    where term like ${startsWithPattern(`#${prefix}`)}
    group by term order by sum(pin_count) desc, term limit ${limit}`;
}

export async function listVocabularyHashtags(db: Executor, prefix: string, limit: number): Promise<string[]> {
  const rows = await selectRows<{ term: string }>(db, vocabularyHashtags(prefix, limit));
  return rows.map((row) => row.term);
}

/** A typeahead board: what its item shows. */
export interface TypeaheadBoardRow {
  id: number;
  name: string;
  slug: string;
  pinCount: number;
  coverSizes: UserSummaryRow['avatarSizes'];
  owner: UserSummaryRow;
}

/** A typeahead person. */
export type TypeaheadUserRow = UserSummaryRow & { followerCount: number };

/** The JSON of a user summary (`UserSummaryRow`) of the users alias `u` and avatar alias `a`. */
function userSummaryJson(u: string, a: string): SQL {
  return sql.raw(`json_build_object('id', ${u}.id, 'username', ${u}.username, 'firstName', ${u}.first_name,
    'lastName', ${u}.last_name, 'avatarColorIndex', ${u}.avatar_color_index, 'avatarSizes', ${a}.sizes)`);
}

/**
 * Public, unarchived boards of active owners with a name word starting with the prefix, the
 * most followed first, as JSON `TypeaheadBoardRow`s in their order.
 */
function boardsByPrefix(prefix: string, limit: number): SQL {
  const pattern = startsWithPattern(prefix);
  const rows = sql`
    select b.id, b.name, b.slug, b.pin_count, b.follower_count, cover.sizes as cover_sizes,
      ${userSummaryJson('board_owner', 'owner_avatar')} as owner
    from boards b
    join users board_owner on board_owner.id = b.owner_id
    left join images owner_avatar on owner_avatar.id = board_owner.avatar_image_id
    left join images cover on cover.id = b.cover_image_id
    where ${listedPublicBoardAs('b', 'board_owner')}
      and (lower(b.name) like ${pattern} or lower(b.name) like ${`% ${pattern}`})
    order by b.follower_count desc, b.pin_count desc, b.id desc
    limit ${limit}`;
  return jsonArrayOf(
    rows,
    sql`json_build_object('id', r.id, 'name', r.name, 'slug', r.slug, 'pinCount', r.pin_count,
      'coverSizes', r.cover_sizes, 'owner', r.owner)`,
    sql`r.follower_count desc, r.pin_count desc, r.id desc`,
  );
}

/**
 * Active people whose username, first or last name starts with the prefix, usernames first,
 * as JSON `TypeaheadUserRow`s in their order. Nobody the viewer blocked or who blocked the
 * viewer (decision 52).
 */
function usersByPrefix(prefix: string, limit: number, viewerId: number | null): SQL {
  const pattern = startsWithPattern(prefix);
  // The expression of users_search_trgm_idx: the index narrows (`like '%…'`), the word-start
  // test decides.
  const text = sql`lower(users.username || ' ' || users.first_name || ' ' || users.last_name)`;
  const rows = sql`
    select ${userSummaryJson('users', 'typeahead_avatar')}::jsonb
        || jsonb_build_object('followerCount', users.follower_count) as item,
      lower(users.username) like ${pattern} as by_username, users.follower_count, users.id
    from users
    left join images typeahead_avatar on typeahead_avatar.id = users.avatar_image_id
    where ${activeAccountAs('users')}
      ${viewerId === null ? sql`` : sql`and ${notBlockedEitherWay(sql`users.id`, viewerId)}`}
      and ${text} like ${`%${pattern}`}
      and (${text} like ${pattern} or ${text} like ${`% ${pattern}`})
    order by by_username desc, users.follower_count desc, users.id desc
    limit ${limit}`;
  return jsonArrayOf(rows, sql`r.item`, sql`r.by_username desc, r.follower_count desc, r.id desc`);
}

/**
 * People beyond the count a shared list carries, so that leaving out those a viewer blocked or
 * who blocked the viewer seldom leaves it short (then the viewer's own list is read instead).
 */
export const SPARE_PEOPLE = 10;

/**
 * What a typeahead shows that is the same for every viewer: pin titles, hashtags, boards, and
 * people before blocks (`SPARE_PEOPLE` more than asked).
 */
export interface SharedTypeaheadLists {
  hashtags: string[];
  titles: string[];
  boards: TypeaheadBoardRow[];
  users: TypeaheadUserRow[];
}

export interface TypeaheadLists extends SharedTypeaheadLists {
  /** The viewer's recent searches starting with the term, newest first. */
  recent: string[];
}

const none = sql`'[]'::json`;

/**
 * The lists of a typeahead that are the same for every viewer, in one statement: each asked-for
 * list of at most `limit` (people: `limit + SPARE_PEOPLE`), an empty list for the others. Only
 * public boards of active accounts, pins on them and active people: nothing here depends on who
 * asks (the typeahead keeps it for a moment).
 */
export async function findSharedTypeaheadLists(
  db: Executor,
  ask: {
    limit: number;
    /** Hashtags starting with '#' and this text. */
    hashtags: string | null;
    /** Pin titles starting with this text. */
    titles: string | null;
    /** Boards and people with a name word starting with this text. */
    names: string | null;
  },
): Promise<SharedTypeaheadLists> {
  const { limit } = ask;
  const [row] = await selectRows<SharedTypeaheadLists>(
    db,
    sql`select
      ${ask.hashtags === null ? none : jsonArrayOf(vocabularyHashtags(ask.hashtags, limit), sql`r.term`, sql`r.pin_count desc, r.term`)} as hashtags,
      ${ask.titles === null ? none : jsonArrayOf(titlesByPrefix(ask.titles, limit), sql`r.title`, sql`r.uses desc, r.title`)} as titles,
      ${ask.names === null ? none : boardsByPrefix(ask.names, limit)} as boards,
      ${ask.names === null ? none : usersByPrefix(ask.names, limit + SPARE_PEOPLE, null)} as users`,
  );
  return row!;
}

/**
 * The signed-in viewer's part of a typeahead in one statement: their recent searches starting
 * with `recent` (at most `limit`), and which of `people` they blocked or were blocked by
 * (decision 52).
 */
export async function findViewerTypeaheadLists(
  db: Executor,
  ask: { limit: number; viewerId: number; recent: string; people: number[] },
): Promise<{ recent: string[]; blocked: number[] }> {
  const [row] = await selectRows<{ recent: string[]; blocked: number[] }>(
    db,
    sql`select
      ${jsonArrayOf(
        listRecentSearches(db, ask.viewerId, ask.limit, ask.recent),
        sql`r.query`,
        sql`r.searched_at desc, r.query`,
      )} as recent,
      ${
        ask.people.length === 0
          ? none
          : sql`(select coalesce(json_agg(p.id), '[]'::json)
              from unnest(${`{${ask.people.join(',')}}`}::int[]) as p(id)
              where not ${notBlockedEitherWay(sql`p.id`, ask.viewerId)})`
      } as blocked`,
  );
  return row!;
}

/** People for the prefix as the viewer may see them (blocks either way left out), at most `limit`. */
export async function listTypeaheadPeople(
  db: Executor,
  prefix: string,
  limit: number,
  viewerId: number,
): Promise<TypeaheadUserRow[]> {
  const [row] = await selectRows<{ users: TypeaheadUserRow[] }>(
    db,
    sql`select ${usersByPrefix(prefix, limit, viewerId)} as users`,
  );
  return row!.users;
}
