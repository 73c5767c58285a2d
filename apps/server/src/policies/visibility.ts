import { and, eq, isNull, or, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { BuildAliasTable } from 'drizzle-orm/pg-core';
import type { BoardPrivacy } from '@pinboard/shared';
import { boards } from '../db/schema/boards.ts';
import type { users } from '../db/schema/users.ts';

/*
 * Who may see what, in one place: every query and check of the server takes its visibility
 * conditions from here (test/policy-layer.test.ts fails on one written anywhere else).
 *
 * The rules: a public board is visible to everyone, a secret or protected one to its owner and
 * collaborators only; a suspended, soft-banned or deactivated account is hidden with all it made
 * (its profile, boards, and pins wherever they were saved); lists for everyone (search, discover,
 * typeahead) show public, unarchived boards of active accounts only.
 *
 * Each rule has up to three forms that must agree: a Drizzle condition over the schema's
 * tables (or an alias of them), a raw SQL fragment over a named alias for the hand-written
 * queries (search, typeahead, feed, discover, counts), and a TypeScript predicate for rows
 * already loaded. Some call sites check less than the whole rule on purpose (the home feed's
 * copy test looks at privacy only); those variants are named for what they check.
 */

/**
 * A signed-in viewer's id in a condition: the id itself, or the placeholder of a prepared
 * statement that is given it at each run (`db/prepared.ts`).
 */
export type ViewerIdParam = number | Placeholder;

/** The users table or an alias of it. */
export type UsersTable = typeof users | BuildAliasTable<typeof users, string>;

/** A table alias of a hand-written query, checked so that it can go into SQL text as is. */
function alias(name: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new TypeError(`Not an SQL alias: ${name}`);
  return sql.raw(name);
}

// ---------------------------------------------------------------------------------------------
// Accounts

/*
 * The statuses and privacies compared below are written into the SQL text, not sent as
 * parameters (as `eq(column, 'active')` would): a prepared statement's generic plan then knows
 * them, prices like a plan made for its values, and is kept instead of planned again per run.
 */
const ACTIVE = sql.raw(`'active'`);
const PUBLIC = sql.raw(`'public'`);

/** The account row is active (not suspended, soft-banned or deactivated). */
export function activeAccount(account: UsersTable): SQL {
  return sql`${account.status} = ${ACTIVE}`;
}

/** `activeAccount` over the alias `account` of users in a hand-written query. */
export function activeAccountAs(account: string): SQL {
  return sql`${alias(account)}.status = 'active'`;
}

/** The account whose id is `id` (a column or expression of the outer query) is active. */
export function activeAccountWithId(id: Column | SQL): SQL {
  return sql`exists (select 1 from users active_account where active_account.id = ${id} and active_account.status = 'active')`;
}

// ---------------------------------------------------------------------------------------------
// Boards

/** Whether `viewerId` collaborates on the board in the current row of `boards`. */
export function collaboratesOnBoard(viewerId: ViewerIdParam): SQL {
  return sql`exists (select 1 from board_collaborators bc where bc.board_id = ${boards.id} and bc.user_id = ${viewerId})`;
}

/** Whether `viewerId` owns or collaborates on the board in the current row of `boards`. */
export function isBoardMember(viewerId: ViewerIdParam): SQL {
  return or(eq(boards.ownerId, viewerId), collaboratesOnBoard(viewerId))!;
}

/**
 * The privacy half of board visibility, for the current row of `boards`: public boards, and
 * secret or protected boards only for their owner and collaborators. It does not look at the
 * owner's status: callers that join the owner add `activeAccount` (or use `boardVisibleTo`).
 */
export function boardPrivacyAdmits(viewerId: ViewerIdParam | null): SQL {
  const isPublic = sql`${boards.privacy} = ${PUBLIC}`;
  if (viewerId === null) return isPublic;
  return or(isPublic, isBoardMember(viewerId))!;
}

/** Rows of `boards` the viewer may see, `owner` being the users alias joined on the board's owner. */
export function boardVisibleTo(viewerId: ViewerIdParam | null, owner: UsersTable): SQL {
  return and(boardPrivacyAdmits(viewerId), activeAccount(owner))!;
}

/** The board alias `board` of a hand-written query is public (whatever its owner's status). */
export function publicBoardAs(board: string): SQL {
  return sql`${alias(board)}.privacy = 'public'`;
}

/**
 * Rows of `boards` that lists for everyone may show: public, not archived, and owned by an
 * active account.
 */
export function listedPublicBoards(): SQL {
  return and(
    sql`${boards.privacy} = ${PUBLIC}`,
    isNull(boards.archivedAt),
    activeAccountWithId(boards.ownerId),
  )!;
}

/** `listedPublicBoards` over the alias `board` of boards and `owner`, its owner joined. */
export function listedPublicBoardAs(board: string, owner: string): SQL {
  return sql`${publicBoardAs(board)} and ${alias(board)}.archived_at is null and ${activeAccountAs(owner)}`;
}

/** What a viewer may do with a board (docs/product/boards.md#who-may-do-what). */
export type BoardAccess = 'owner' | 'collaborator' | 'reader' | 'none';

/** What decides a viewer's access to a board, as loaded for one. */
export interface BoardFacts {
  ownerId: number;
  ownerActive: boolean;
  privacy: BoardPrivacy;
  /** Whether the viewer collaborates on it. */
  viewerCollaborates: boolean;
}

/**
 * The viewer's access to a loaded board: its owner, a collaborator (may save into it), a reader
 * (a public board), or none (a secret or protected board of someone else, or a board of an
 * account that is not active).
 */
export function boardAccess(viewerId: number | null, board: BoardFacts): BoardAccess {
  // Boards of suspended or deactivated accounts are hidden from everyone, their owner included.
  if (!board.ownerActive) return 'none';
  if (viewerId !== null && board.ownerId === viewerId) return 'owner';
  if (board.viewerCollaborates) return 'collaborator';
  return isPublicBoard(board) ? 'reader' : 'none';
}

/** Whether the viewer may see a loaded board. */
export function canSeeBoard(viewerId: number | null, board: BoardFacts): boolean {
  return boardAccess(viewerId, board) !== 'none';
}

/** A loaded board is public: everyone may see it while its owner is active. */
export function isPublicBoard(board: { privacy: string }): boolean {
  return board.privacy === 'public';
}

// ---------------------------------------------------------------------------------------------
// Pins

/**
 * Pins the viewer may see: on a board the viewer may see (`boardPrivacyAdmits`), pinned by an
 * active account, on a board of an active owner. `pinner` and `boardOwner` are the users aliases
 * the query joins on the pin's pinner and its board's owner.
 */
export function pinVisibleTo(
  viewerId: ViewerIdParam | null,
  joined: { pinner: UsersTable; boardOwner: UsersTable },
): SQL {
  return and(boardPrivacyAdmits(viewerId), activeAccount(joined.pinner), activeAccount(joined.boardOwner))!;
}

function pinJoins(boardCondition: SQL): SQL {
  return sql`join boards on boards.id = pins.board_id and ${boardCondition}
    join users pinner on pinner.id = pins.pinner_id and ${activeAccountAs('pinner')}
    join users board_owner on board_owner.id = boards.owner_id and ${activeAccountAs('board_owner')}`;
}

/**
 * Joins that keep only the rows of `pins` anyone may see (hand-written queries over `pins`):
 * the pin's board as `boards` (public), its pinner as `pinner` and the board's owner as
 * `board_owner` (both active).
 */
export const publicPinJoins: SQL = pinJoins(publicBoardAs('boards'));

/** As `publicPinJoins`, for what the viewer may see (`pinVisibleTo`). */
export function visiblePinJoins(viewerId: number | null): SQL {
  return pinJoins(boardPrivacyAdmits(viewerId));
}

/**
 * The row `pin` of a hand-written query (an alias of pins, or any row with `board_id` and
 * `pinner_id`) is a pin anyone may see: on a public board of an active owner, by an active
 * account. Written as `exists` tests so that it can judge rows already fetched.
 */
export function publicPinAs(pin: string): SQL {
  const row = alias(pin);
  return sql`exists (select 1 from boards b join users o on o.id = b.owner_id
      where b.id = ${row}.board_id and ${publicBoardAs('b')} and ${activeAccountAs('o')})
    and exists (select 1 from users u where u.id = ${row}.pinner_id and ${activeAccountAs('u')})`;
}

/**
 * The row `pin` is on a public board, whatever its pinner's and the board owner's status: the
 * home feed's test for a copy of a picture (the copies it leaves out need not be shown ones).
 */
export function onPublicBoardAnyStatus(pin: string): SQL {
  return sql`exists (select 1 from boards qb where qb.id = ${alias(pin)}.board_id and ${publicBoardAs('qb')})`;
}

/**
 * Saves anyone may see, as a `from` clause whose rows are `save`: on a public board of an active
 * owner, by an active account.
 */
export const publicSaves: SQL = sql`pins save
  join boards save_board on save_board.id = save.board_id and ${publicBoardAs('save_board')}
  join users save_owner on save_owner.id = save_board.owner_id and ${activeAccountAs('save_owner')}
  join users saver on saver.id = save.pinner_id and ${activeAccountAs('saver')}`;
