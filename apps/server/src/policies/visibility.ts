import { and, eq, isNull, or, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { BuildAliasTable } from 'drizzle-orm/pg-core';
import type { BoardPrivacy } from '@pinboard/shared';
import { boards } from '../db/schema/boards.ts';
import { pins } from '../db/schema/pins.ts';
import { boardFollows } from '../db/schema/social.ts';
import type { users } from '../db/schema/users.ts';

/*
 * Who may see what, in one place: every query and check of the server takes its visibility
 * conditions from here (test/policy-layer.test.ts fails on one written anywhere else).
 *
 * The rules: a public board is visible to everyone, a secret or protected one to its owner and
 * collaborators only; a suspended, soft-banned or deactivated account is hidden with all it made
 * (its profile, boards, and pins wherever they were saved); lists for everyone (search, discover,
 * typeahead) show public, unarchived boards of active accounts only. What an operator removed
 * (decision 54) is seen by its owner alone: a removed board as if secret to everyone else (its
 * collaborators too), a removed pin nowhere but on its closeup, for its pinner.
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

/**
 * The account of the alias `account` may be sent notification mail (decision 53): it is active
 * and its address is confirmed. Suspended, soft-banned and deactivated accounts get none, and an
 * address not yet confirmed gets only its confirmation link.
 */
export function mailableAccountAs(account: string): SQL {
  return sql`${activeAccountAs(account)} and ${alias(account)}.email is not null
    and ${alias(account)}.email_verified_at is not null`;
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
 * The follower in the current row of `board_follows` does not collaborate on board `boardId` (an
 * owner never follows their own board).
 */
export function followerIsNotBoardMember(boardId: number): SQL {
  return sql`not exists (select 1 from board_collaborators bc where bc.board_id = ${boardId} and bc.user_id = ${boardFollows.userId})`;
}

/**
 * The privacy half of board visibility, for the current row of `boards`: public boards, and
 * secret or protected boards only for their owner and collaborators. It does not look at the
 * owner's status: callers that join the owner add `activeAccount` (or use `boardVisibleTo`).
 */
export function boardPrivacyAdmits(viewerId: ViewerIdParam | null): SQL {
  const isPublic = and(sql`${boards.privacy} = ${PUBLIC}`, isNull(boards.removedAt))!;
  if (viewerId === null) return isPublic;
  return or(
    isPublic,
    eq(boards.ownerId, viewerId),
    and(isNull(boards.removedAt), collaboratesOnBoard(viewerId)),
  )!;
}

/** Rows of `boards` the viewer may see, `owner` being the users alias joined on the board's owner. */
export function boardVisibleTo(viewerId: ViewerIdParam | null, owner: UsersTable): SQL {
  return and(boardPrivacyAdmits(viewerId), activeAccount(owner))!;
}

/**
 * The viewer owns or collaborates on the board alias `board` of a hand-written query, and its
 * owner is active: a board of the viewer's own, whatever its privacy (the saved state of a pin
 * names it to the viewer only; decision 44).
 */
export function viewerBoardAs(board: string, viewerId: ViewerIdParam): SQL {
  const b = alias(board);
  return sql`(${b}.owner_id = ${viewerId}
      or (${b}.removed_at is null
        and exists (select 1 from board_collaborators vbc where vbc.board_id = ${b}.id and vbc.user_id = ${viewerId})))
    and ${activeAccountWithId(sql`${b}.owner_id`)}`;
}

/**
 * The board alias `board` of a hand-written query is public and not removed (whatever its
 * owner's status).
 */
export function publicBoardAs(board: string): SQL {
  return sql`${alias(board)}.privacy = 'public' and ${alias(board)}.removed_at is null`;
}

/**
 * Rows of `boards` that lists for everyone may show: public, not archived, and owned by an
 * active account.
 */
export function listedPublicBoards(): SQL {
  return and(
    sql`${boards.privacy} = ${PUBLIC}`,
    isNull(boards.archivedAt),
    isNull(boards.removedAt),
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
  /** Whether an operator removed it (decision 54): then its owner alone sees it. */
  removed?: boolean;
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
  if (board.removed) return 'none';
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
 * Pins the viewer may see: not removed, on a board the viewer may see (`boardPrivacyAdmits`),
 * pinned by an active account, on a board of an active owner. `pinner` and `boardOwner` are the
 * users aliases the query joins on the pin's pinner and its board's owner.
 */
export function pinVisibleTo(
  viewerId: ViewerIdParam | null,
  joined: { pinner: UsersTable; boardOwner: UsersTable },
): SQL {
  return and(
    isNull(pins.removedAt),
    boardPrivacyAdmits(viewerId),
    activeAccount(joined.pinner),
    activeAccount(joined.boardOwner),
  )!;
}

/**
 * A removed pin of the viewer's own, otherwise as `pinVisibleTo` admits it: what its closeup
 * shows its pinner, with the removal notice (decision 54).
 */
export function removedPinOfViewer(
  viewerId: number,
  joined: { pinner: UsersTable; boardOwner: UsersTable },
): SQL {
  return and(
    sql`${pins.removedAt} is not null`,
    eq(pins.pinnerId, viewerId),
    boardPrivacyAdmits(viewerId),
    activeAccount(joined.pinner),
    activeAccount(joined.boardOwner),
  )!;
}

function pinJoins(boardCondition: SQL): SQL {
  return sql`join boards on boards.id = pins.board_id and pins.removed_at is null and ${boardCondition}
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
export function visiblePinJoins(viewerId: ViewerIdParam | null): SQL {
  return pinJoins(boardPrivacyAdmits(viewerId));
}

/**
 * The row `pin` (an alias of pins) is not removed by an operator: what a board's thumbnails and
 * covers may show (they do not judge the pinner, as they never did; decision 54).
 */
export function pinNotRemovedAs(pin: string): SQL {
  return sql`${alias(pin)}.removed_at is null`;
}

/**
 * The row `pin` of a hand-written query (an alias of pins, or any row with `board_id`,
 * `pinner_id` and `removed_at`) is a pin anyone may see: not removed, on a public board of an
 * active owner, by an active account. Written as `exists` tests so that it can judge rows already
 * fetched.
 */
export function publicPinAs(pin: string): SQL {
  const row = alias(pin);
  return sql`${row}.removed_at is null and exists (select 1 from boards b join users o on o.id = b.owner_id
      where b.id = ${row}.board_id and ${publicBoardAs('b')} and ${activeAccountAs('o')})
    and exists (select 1 from users u where u.id = ${row}.pinner_id and ${activeAccountAs('u')})`;
}

/**
 * The row `pin` of a hand-written query is a pin the viewer may see (`pinVisibleTo` for an alias):
 * `publicPinAs` for a visitor; for a signed-in viewer (an id, a placeholder, or a column of the
 * outer query such as a notification's recipient) also on their own or collaborated boards. Never
 * a removed pin (its pinner sees it on its closeup only, through `removedPinOfViewer`).
 */
export function pinVisibleAs(pin: string, viewerId: ViewerIdParam | SQL | null): SQL {
  if (viewerId === null) return publicPinAs(pin);
  const row = alias(pin);
  return sql`${row}.removed_at is null
    and exists (select 1 from boards vb where vb.id = ${row}.board_id and ${boardAdmitsAs('vb', sql`${viewerId}`)})
    and exists (select 1 from users vu where vu.id = ${row}.pinner_id and ${activeAccountAs('vu')})`;
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
  join boards save_board on save_board.id = save.board_id and save.removed_at is null and ${publicBoardAs('save_board')}
  join users save_owner on save_owner.id = save_board.owner_id and ${activeAccountAs('save_owner')}
  join users saver on saver.id = save.pinner_id and ${activeAccountAs('saver')}`;

// ---------------------------------------------------------------------------------------------
// Notifications

/**
 * The board alias `board` admits the person whose id is the SQL `viewer` (a column of the outer
 * query): public, or they own or collaborate on it; and its owner is active.
 */
function boardAdmitsAs(board: string, viewer: SQL): SQL {
  const b = alias(board);
  return sql`(${publicBoardAs(board)} or ${b}.owner_id = ${viewer}
      or (${b}.removed_at is null
        and exists (select 1 from board_collaborators bc where bc.board_id = ${b}.id and bc.user_id = ${viewer})))
    and exists (select 1 from users bo where bo.id = ${b}.owner_id and ${activeAccountAs('bo')})`;
}

/**
 * The row `notification` (an alias of notifications) may be shown to its recipient now: its
 * actor is active; the pin it names is one the recipient may see (board and pinner as
 * `pinVisibleTo` says); the board it names is one the recipient may see, or the board of an
 * invitation still pending to them (an invitee sees the invitation, never the board's pins); the
 * comment it names is shown (`commentShownAs`). Nobody hears of someone they blocked or who
 * blocked them (decision 52).
 * Checked at every read, so a board turned secret takes its notifications with it.
 */
export function notificationVisibleAs(notification: string): SQL {
  const n = alias(notification);
  const recipient = sql`${n}.recipient_id`;
  return sql`exists (select 1 from users na where na.id = ${n}.actor_id and ${activeAccountAs('na')})
    and (${n}.comment_id is null
      or exists (select 1 from pin_comments nc where nc.id = ${n}.comment_id and ${commentShownAs('nc', recipient)}))
    and ${notBlockedEitherWay(sql`${n}.actor_id`, recipient)}
    and (${n}.pin_id is null
      or exists (select 1 from pins np where np.id = ${n}.pin_id and ${pinVisibleAs('np', recipient)}))
    and (${n}.board_id is null
      or exists (select 1 from boards nb where nb.id = ${n}.board_id and ${boardAdmitsAs('nb', recipient)})
      or exists (select 1 from board_invites ni where ni.id = ${n}.invite_id and ni.status = 'pending'
        and exists (select 1 from boards nib where nib.id = ni.board_id
          and exists (select 1 from users nio where nio.id = nib.owner_id and ${activeAccountAs('nio')}))))`;
}

// ---------------------------------------------------------------------------------------------
// Comments

/**
 * The row `comment` (an alias of pin_comments) may be shown to `viewer` (null for a visitor), who
 * sees its pin (the caller has checked the pin with `pinVisibleTo`): its author is active, and it
 * was not removed by an operator unless the viewer wrote it (decision 54: a removed comment is
 * its author's alone, with the notice); the same holds for the top comment a reply answers (a
 * thread goes with its top comment, and comes back with it). Decision 51.
 */
export function commentShownAs(comment: string, viewer: SQL | ViewerIdParam | null): SQL {
  const c = alias(comment);
  return sql`${activeAccountWithId(sql`${c}.author_id`)} and ${commentNotRemovedFor(c, viewer)}
    and (${c}.parent_id is null or exists (select 1 from pin_comments shown_parent
      join users shown_parent_author on shown_parent_author.id = shown_parent.author_id
      where shown_parent.id = ${c}.parent_id and ${activeAccountAs('shown_parent_author')}
        and ${commentNotRemovedFor(sql.raw('shown_parent'), viewer)}))`;
}

/** The comment `c` was not removed, or `viewer` wrote it. */
function commentNotRemovedFor(c: SQL, viewer: SQL | ViewerIdParam | null): SQL {
  return viewer === null
    ? sql`${c}.removed_at is null`
    : sql`(${c}.removed_at is null or ${c}.author_id = ${viewer})`;
}

/** The likes of the comment `comment` that count: by active accounts. */
export function countedCommentLikesOf(comment: string): SQL {
  return sql`(select count(*) from comment_likes counted_like
    join users liker on liker.id = counted_like.user_id and ${activeAccountAs('liker')}
    where counted_like.comment_id = ${alias(comment)}.id)`;
}

// ---------------------------------------------------------------------------------------------
// Blocking (decision 52)

/**
 * Neither of the people whose ids are the SQL `a` and `b` (columns of the outer query, ids or
 * placeholders) blocked the other. Every query that lets two people reach each other (messages,
 * people search, the typeahead, notifications, comments) takes it; the services' one check for
 * loaded ids is `isBlockedEitherWay` (modules/blocks/blocks.repository.ts).
 */
export function notBlockedEitherWay(a: SQL | Column | ViewerIdParam, b: SQL | Column | ViewerIdParam): SQL {
  return sql`not exists (select 1 from user_blocks ub
    where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;
}

// ---------------------------------------------------------------------------------------------
// Messages (decision 52)

/**
 * The pin whose id is the SQL `pinId` is one the person whose id is the SQL `reader` may see now
 * (as `pinVisibleTo` says: its board admits them, its pinner and the board's owner are active):
 * a message shows its pin as a card only then, so nothing of a secret board reaches anyone
 * outside it.
 */
export function pinVisibleToReaderAs(pinId: SQL, reader: SQL | ViewerIdParam): SQL {
  return sql`exists (select 1 from pins mp where mp.id = ${pinId} and ${pinVisibleAs('mp', reader)})`;
}

/** The pin alias `pin` of a hand-written query is one anyone may see: what Send by email may mail. */
export function pinSendableByEmailAs(pin: string): SQL {
  return publicPinAs(pin);
}

/**
 * The viewer asked to see fewer like this picture ('See fewer like this', decision 43): `viewer`
 * is their id as SQL (a parameter or placeholder), `image` the pin's `image_id` column.
 */
export function pictureHiddenBy(viewer: SQL, image: SQL): SQL {
  return sql`exists (select 1 from hidden_pins h where h.user_id = ${viewer} and h.image_id = ${image})`;
}
