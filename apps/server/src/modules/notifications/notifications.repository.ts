import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@pinboard/shared';
import { NOTIFICATION_DEFAULTS, type NotificationCategory } from '@pinboard/shared/account-settings';
import type { Executor } from '../../db/client.ts';
import { opaqueParam, preparedPerDatabase } from '../../db/prepared.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { boardInvites, boardCollaborators } from '../../db/schema/social.ts';
import { boards } from '../../db/schema/boards.ts';
import { pinComments } from '../../db/schema/comments.ts';
import { images } from '../../db/schema/images.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';
import { mailableAccountAs, notificationVisibleAs } from '../../policies/visibility.ts';
import { notificationSettings } from '../../db/schema/account-settings.ts';
import { userSummaryColumns } from '../users/users.repository.ts';

export interface NewNotification {
  recipientId: number;
  kind: NotificationKind;
  actorId: number;
  pinId?: number | null;
  boardId?: number | null;
  inviteId?: number | null;
  commentId?: number | null;
  groupKey: string;
  /** A moderation notice's words (decision 54). */
  message?: string | null;
  /**
   * The setting category whose "instant" choice mails this row as it happens (decision 53); null
   * or absent: never mailed at once (a moderation notice).
   */
  mailCategory?: NotificationCategory | null;
}

/** What `notify` writes: rows to named people, and one row to each other member of a board. */
export interface NotificationWrite {
  rows: NewNotification[];
  /**
   * One row like this to each member (owner and collaborators) of its board but its actor: a
   * board of one person tells nobody.
   */
  toBoardMembers?: Omit<NewNotification, 'recipientId'> | null;
}

/** A row `insertNotifications` added, and whether its recipient wants its mail as it happens. */
export interface AddedNotification {
  recipientId: number;
  kind: NotificationKind;
  groupKey: string;
  inviteId: number | null;
  /** Mailable (active, confirmed address) and "instant" for the row's category, read with the insert. */
  mailNow: boolean;
}

function toId(value: string | number | null) {
  return value === null ? null : Number(value);
}

function notificationValues(row: Omit<NewNotification, 'recipientId'>, recipient: SQL): SQL {
  return sql`${recipient}, ${row.kind}::text, ${row.actorId}::int8, ${row.pinId ?? null}::int8,
    ${row.boardId ?? null}::int8, ${row.inviteId ?? null}::int8, ${row.commentId ?? null}::int8,
    ${row.groupKey}::text, ${row.message ?? null}::text, ${row.mailCategory ?? null}::text`;
}

/** The owner and collaborators of the board `boardId` (a value or parameter): who hears of new pins on it. */
export function boardMembersOf(boardId: SQL | number): SQL {
  return sql`(select owner_id as id from ${boards} where id = ${boardId}
    union select user_id from ${boardCollaborators} where board_id = ${boardId})`;
}

/** The columns of `notification_rows`, in order. */
export const NOTIFICATION_ROW_COLUMNS = sql.raw(
  'recipient_id, kind, actor_id, pin_id, board_id, invite_id, comment_id, group_key, message, mail_category',
);

/**
 * The insert of the rows of a common table expression `notification_rows` (its columns
 * `NOTIFICATION_ROW_COLUMNS`), as the body of `added_notifications`: the rows the recipient may
 * see now, by the read-time rule `notificationVisibleAs`; an actor already in a recipient's group
 * is not added again. `addedNotificationsJson` reads what it added.
 */
export const INSERT_NOTIFICATION_ROWS = sql`insert into ${notifications} (recipient_id, kind, actor_id, pin_id, board_id, invite_id, comment_id, group_key, message)
  select n.recipient_id, n.kind, n.actor_id, n.pin_id, n.board_id, n.invite_id, n.comment_id, n.group_key, n.message
    from notification_rows n
    where ${notificationVisibleAs('n')}
  on conflict do nothing
  returning recipient_id, kind, actor_id, group_key, invite_id`;

/** `notification_rows` and `added_notifications` of `write` (see `INSERT_NOTIFICATION_ROWS`). */
function notificationInsertCtes(write: NotificationWrite): SQL {
  const parts: SQL[] = [];
  if (write.rows.length > 0) {
    const values = sql.join(
      write.rows.map((row) => sql`(${notificationValues(row, sql`${row.recipientId}::int8`)})`),
      sql`, `,
    );
    parts.push(sql`select * from (values ${values}) as v(${NOTIFICATION_ROW_COLUMNS})`);
  }
  const members = write.toBoardMembers;
  if (members) {
    parts.push(sql`select ${notificationValues(members, sql`m.id`)}
      from ${boardMembersOf(members.boardId ?? 0)} m
      where m.id <> ${members.actorId}`);
  }
  return sql`notification_rows (${NOTIFICATION_ROW_COLUMNS}) as (${sql.join(parts, sql` union all `)}),
    added_notifications as (${INSERT_NOTIFICATION_ROWS})`;
}

/** The rows `added_notifications` added, as one JSON array (read with `parseAddedNotifications`). */
export function addedNotificationsJson(): SQL {
  const instantByDefault = (Object.keys(NOTIFICATION_DEFAULTS) as NotificationCategory[]).filter(
    (category) => NOTIFICATION_DEFAULTS[category].email === 'instant',
  );
  const defaults = sql.join(
    instantByDefault.map((category) => sql`${category}`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_object(
      'recipient_id', a.recipient_id, 'kind', a.kind, 'group_key', a.group_key, 'invite_id', a.invite_id,
      'mail_now', n.mail_category is not null
        and coalesce((select s.email from ${notificationSettings} s
            where s.user_id = a.recipient_id and s.category = n.mail_category),
          case when n.mail_category in (${defaults}) then 'instant' else 'other' end) = 'instant'
        and exists (select 1 from users mu where mu.id = a.recipient_id and ${mailableAccountAs('mu')})
    )), '[]'::json)
    from added_notifications a
    join notification_rows n on n.recipient_id = a.recipient_id and n.group_key = a.group_key
      and n.actor_id = a.actor_id)`;
}

interface RawAdded {
  recipient_id: string | number;
  kind: NotificationKind;
  group_key: string;
  invite_id: string | number | null;
  mail_now: boolean;
}

/** The value of `addedNotificationsJson` (the driver answers JSON parsed, PGlite too). */
export function parseAddedNotifications(json: unknown): AddedNotification[] {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as RawAdded[];
  return rows.map((row) => ({
    recipientId: Number(row.recipient_id),
    kind: row.kind,
    groupKey: row.group_key,
    inviteId: toId(row.invite_id),
    mailNow: row.mail_now,
  }));
}

/** Inserts `write` in one statement (see `INSERT_NOTIFICATION_ROWS`); answers the rows added. */
export async function insertNotifications(
  db: Executor,
  write: NotificationWrite,
): Promise<AddedNotification[]> {
  if (write.rows.length === 0 && !write.toBoardMembers) return [];
  const [row] = await selectRows<{ added: unknown }>(
    db,
    sql`with ${notificationInsertCtes(write)} select ${addedNotificationsJson()} as added`,
  );
  return parseAddedNotifications(row?.added ?? []);
}

/** One item of the list: a group's newest row and who is in it, rows the recipient may see only. */
export interface NotificationGroupRow {
  lastId: number;
  kind: NotificationKind;
  createdAt: Date;
  seen: boolean;
  actorIds: number[];
  actorCount: number;
  pinId: number | null;
  boardId: number | null;
  inviteId: number | null;
  commentId: number | null;
  message: string | null;
}

interface RawGroup {
  last_id: string | number;
  kind: NotificationKind;
  created_at: Date | string;
  seen: boolean;
  actor_ids: (string | number)[];
  actor_count: string | number;
  pin_id: string | number | null;
  board_id: string | number | null;
  invite_id: string | number | null;
  comment_id: string | number | null;
  message: string | null;
}

/** A group's columns, over the rows `n` of one recipient and group key. */
const GROUP_COLUMNS = sql`max(n.id) as last_id,
    (array_agg(n.kind order by n.id desc))[1] as kind,
    max(n.created_at) as created_at,
    bool_and(n.seen_at is not null) as seen,
    (array_agg(n.actor_id order by n.id desc))[1:3] as actor_ids,
    count(*) as actor_count,
    (array_agg(n.pin_id order by n.id desc))[1] as pin_id,
    (array_agg(n.board_id order by n.id desc))[1] as board_id,
    (array_agg(n.invite_id order by n.id desc))[1] as invite_id,
    (array_agg(n.comment_id order by n.id desc))[1] as comment_id,
    (array_agg(n.message order by n.id desc))[1] as message`;

function groupOf(row: RawGroup): NotificationGroupRow {
  return {
    lastId: Number(row.last_id),
    kind: row.kind,
    createdAt: new Date(row.created_at),
    seen: row.seen,
    actorIds: row.actor_ids.map(Number),
    actorCount: Number(row.actor_count),
    pinId: toId(row.pin_id),
    boardId: toId(row.board_id),
    inviteId: toId(row.invite_id),
    commentId: toId(row.comment_id),
    message: row.message,
  };
}

/**
 * The recipient's groups newest first (by their newest row), before the group `beforeId` when
 * given, or only the group `groupKey`. Rows the recipient may no longer see are left out first;
 * a digest (decision 53) asks for only some kinds' unseen rows written in [start, end).
 */
export async function listNotificationGroups(
  db: Executor,
  options: {
    recipientId: number;
    beforeId: number | null;
    groupKey?: string;
    limit: number;
    unseenOfKinds?: { kinds: NotificationKind[]; start: Date; end: Date };
  },
): Promise<NotificationGroupRow[]> {
  const digest = options.unseenOfKinds;
  if (digest?.kinds.length === 0) return [];
  const rows = await selectRows<RawGroup>(
    db,
    sql`select ${GROUP_COLUMNS}
      from notifications n
      where n.recipient_id = ${options.recipientId}
        ${options.groupKey === undefined ? sql`` : sql`and n.group_key = ${options.groupKey}`}
        ${
          digest === undefined
            ? sql``
            : sql`and n.kind in (${sql.join(
                digest.kinds.map((kind) => sql`${kind}`),
                sql`, `,
              )})
              and n.created_at >= ${digest.start.toISOString()}::timestamptz
              and n.created_at < ${digest.end.toISOString()}::timestamptz
              and n.seen_at is null`
        }
        and ${notificationVisibleAs('n')}
      group by n.group_key
      ${options.beforeId === null ? sql`` : sql`having max(n.id) < ${options.beforeId}`}
      order by max(n.id) desc
      limit ${options.limit}`,
  );
  return rows.map(groupOf);
}

// Prepared (decision 39; `opaqueParam` as for the boards' thumbnails): the live event of every
// new notification reads these, and planning the visibility rule cost as much as running it.
const groupsOf = preparedPerDatabase((db) =>
  db
    .select({
      recipientId: sql<number>`n.recipient_id`.mapWith(Number),
      groupKey: sql<string>`n.group_key`,
      lastId: sql<number>`max(n.id)`.mapWith(Number),
      kind: sql<NotificationKind>`(array_agg(n.kind order by n.id desc))[1]`,
      createdAt: sql<Date | string>`max(n.created_at)`,
      seen: sql<boolean>`bool_and(n.seen_at is not null)`,
      actorIds: sql<(string | number)[]>`(array_agg(n.actor_id order by n.id desc))[1:3]`,
      actorCount: sql<number>`count(*)`.mapWith(Number),
      pinId: sql<string | number | null>`(array_agg(n.pin_id order by n.id desc))[1]`,
      boardId: sql<string | number | null>`(array_agg(n.board_id order by n.id desc))[1]`,
      inviteId: sql<string | number | null>`(array_agg(n.invite_id order by n.id desc))[1]`,
      commentId: sql<string | number | null>`(array_agg(n.comment_id order by n.id desc))[1]`,
      message: sql<string | null>`(array_agg(n.message order by n.id desc))[1]`,
    })
    .from(
      sql`unnest(${opaqueParam('recipientIds', 'int8[]')}, ${opaqueParam('groupKeys', 'text[]')})
        as w(recipient_id, group_key)
      join notifications n on n.recipient_id = w.recipient_id and n.group_key = w.group_key`,
    )
    .where(notificationVisibleAs('n'))
    .groupBy(sql`n.recipient_id`, sql`n.group_key`)
    .prepare('notification_groups_of'),
);

/**
 * Several people's groups at once, each as `listNotificationGroups` reads one by its key (the
 * live events of many new notifications in one statement). A group the recipient may see
 * nothing of is missing from the map; the key is `<recipient> <group key>`.
 */
export async function listNotificationGroupsOf(
  db: Executor,
  wanted: { recipientId: number; groupKey: string }[],
): Promise<Map<string, NotificationGroupRow>> {
  if (wanted.length === 0) return new Map();
  const rows = await groupsOf(db).execute({
    recipientIds: wanted.map((group) => group.recipientId),
    groupKeys: wanted.map((group) => group.groupKey),
  });
  return new Map(
    rows.map((row) => [
      `${row.recipientId} ${row.groupKey}`,
      {
        lastId: row.lastId,
        kind: row.kind,
        createdAt: new Date(row.createdAt),
        seen: row.seen,
        actorIds: row.actorIds.map(Number),
        actorCount: row.actorCount,
        pinId: toId(row.pinId),
        boardId: toId(row.boardId),
        inviteId: toId(row.inviteId),
        commentId: toId(row.commentId),
        message: row.message,
      },
    ]),
  );
}

/** The most the unread count counts: the badge shows 99+ past it. */
export const UNREAD_CAP = 100;

// Prepared, as `groupsOf`. Each person's unseen rows are walked by `notifications_unseen_idx`
// in group order, so a count stops at the cap's hundredth group.
const unreadCounts = preparedPerDatabase((db) =>
  db
    .select({
      recipientId: sql<number>`r.id`.mapWith(Number),
      count: sql<number>`(select count(*) from (
        select distinct n.group_key from notifications n
        where n.recipient_id = r.id and n.seen_at is null and ${notificationVisibleAs('n')}
        limit ${sql.raw(String(UNREAD_CAP))}) unread)`.mapWith(Number),
    })
    .from(sql`unnest(${opaqueParam('recipientIds', 'int8[]')}) as r(id)`)
    .prepare('unread_notification_counts'),
);

/** Groups with an unseen row the recipient may see, up to UNREAD_CAP (the partial index's rows only). */
export async function countUnreadGroups(db: Executor, recipientId: number): Promise<number> {
  return (await countUnreadGroupsOf(db, [recipientId])).get(recipientId) ?? 0;
}

/** `countUnreadGroups` of several people in one statement, by person. */
export async function countUnreadGroupsOf(
  db: Executor,
  recipientIds: number[],
): Promise<Map<number, number>> {
  if (recipientIds.length === 0) return new Map();
  const rows = await unreadCounts(db).execute({ recipientIds: [...new Set(recipientIds)] });
  return new Map(rows.map((row) => [row.recipientId, row.count]));
}

/** Marks every unseen notification of the recipient seen. */
export async function markAllSeen(db: Executor, recipientId: number, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ seenAt: now })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.seenAt)));
}

/** The people a page names, by id. */
export async function findActors(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const user = alias(users, 'actor');
  const avatar = alias(images, 'avatar');
  return db
    .select(userSummaryColumns(user, avatar))
    .from(user)
    .leftJoin(avatar, eq(avatar.id, user.avatarImageId))
    .where(inArray(user.id, ids));
}

/** The pins a page names, with their picture (already checked visible by the group query). */
export async function findPinsNamed(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: pins.id, title: pins.title, imageSizes: images.sizes })
    .from(pins)
    .leftJoin(images, eq(images.id, pins.imageId))
    .where(inArray(pins.id, ids));
}

/** The boards a page names, with their owner's username for the address. */
export async function findBoardsNamed(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: boards.id, name: boards.name, slug: boards.slug, ownerUsername: users.username })
    .from(boards)
    .innerJoin(users, eq(users.id, boards.ownerId))
    .where(inArray(boards.id, ids));
}

/** The invitations a page names, with their state. */
export async function findInvitesNamed(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: boardInvites.id, status: boardInvites.status })
    .from(boardInvites)
    .where(inArray(boardInvites.id, ids));
}

/** The comments a page names, with their text (already checked shown by the group query). */
export async function findCommentsNamed(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: pinComments.id, text: pinComments.text })
    .from(pinComments)
    .where(inArray(pinComments.id, ids));
}
