import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { selectRows } from '../../db/sql-helpers.ts';
import { boardInvites, boardCollaborators } from '../../db/schema/social.ts';
import { boards } from '../../db/schema/boards.ts';
import { pinComments } from '../../db/schema/comments.ts';
import { images } from '../../db/schema/images.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { pins } from '../../db/schema/pins.ts';
import { users } from '../../db/schema/users.ts';
import { notificationVisibleAs } from '../../policies/visibility.ts';
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
}

/**
 * Inserts the notifications the recipient may see now (the read-time rule, `notificationVisibleAs`,
 * applied to the new rows); an actor already in a recipient's group is not added again. Answers
 * the rows added.
 */
export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<NewNotification[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map(
      (
        row,
      ) => sql`(${row.recipientId}::int8, ${row.kind}::text, ${row.actorId}::int8, ${row.pinId ?? null}::int8,
        ${row.boardId ?? null}::int8, ${row.inviteId ?? null}::int8, ${row.commentId ?? null}::int8,
        ${row.groupKey}::text, ${row.message ?? null}::text)`,
    ),
    sql`, `,
  );
  const inserted = await selectRows<{ recipient_id: string | number; group_key: string }>(
    db,
    sql`insert into ${notifications} (recipient_id, kind, actor_id, pin_id, board_id, invite_id, comment_id, group_key, message)
      select n.* from (values ${values})
        as n(recipient_id, kind, actor_id, pin_id, board_id, invite_id, comment_id, group_key, message)
      where ${notificationVisibleAs('n')}
      on conflict do nothing
      returning recipient_id, group_key`,
  );
  const added = new Set(inserted.map((row) => `${Number(row.recipient_id)} ${row.group_key}`));
  return rows.filter((row) => added.has(`${row.recipientId} ${row.groupKey}`));
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

const toId = (value: string | number | null) => (value === null ? null : Number(value));

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
    sql`select max(n.id) as last_id,
        (array_agg(n.kind order by n.id desc))[1] as kind,
        max(n.created_at) as created_at,
        bool_and(n.seen_at is not null) as seen,
        (array_agg(n.actor_id order by n.id desc))[1:3] as actor_ids,
        count(*) as actor_count,
        (array_agg(n.pin_id order by n.id desc))[1] as pin_id,
        (array_agg(n.board_id order by n.id desc))[1] as board_id,
        (array_agg(n.invite_id order by n.id desc))[1] as invite_id,
        (array_agg(n.comment_id order by n.id desc))[1] as comment_id,
        (array_agg(n.message order by n.id desc))[1] as message
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
  return rows.map((row) => ({
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
  }));
}

/** The most the unread count counts: the badge shows 99+ past it. */
export const UNREAD_CAP = 100;

/** Groups with an unseen row the recipient may see, up to UNREAD_CAP (the partial index's rows only). */
export async function countUnreadGroups(db: Executor, recipientId: number): Promise<number> {
  const [row] = await selectRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from (
        select distinct n.group_key from notifications n
        where n.recipient_id = ${recipientId} and n.seen_at is null and ${notificationVisibleAs('n')}
        limit ${UNREAD_CAP}) unread`,
  );
  return Number(row?.count ?? 0);
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

/** The owner and collaborators of a board: who hears of new pins on it. */
export async function listBoardMembers(db: Executor, boardId: number): Promise<number[]> {
  const rows = await selectRows<{ id: string | number }>(
    db,
    sql`select owner_id as id from ${boards} where id = ${boardId}
      union select user_id from ${boardCollaborators} where board_id = ${boardId}`,
  );
  return rows.map((row) => Number(row.id));
}

/** The comments a page names, with their text (already checked shown by the group query). */
export async function findCommentsNamed(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: pinComments.id, text: pinComments.text })
    .from(pinComments)
    .where(inArray(pinComments.id, ids));
}
