import type { LiveEvent, Notification } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf, type PageOptions } from '../../lib/bookmark.ts';
import { sendLiveEvent } from './live-publisher.ts';
import {
  countUnreadGroups,
  findActors,
  findBoardsNamed,
  findCommentsNamed,
  findInvitesNamed,
  findPinsNamed,
  listNotificationGroups,
  markAllSeen,
  type NotificationGroupRow,
} from './notifications.repository.ts';
import { presentNotification, type NamedObjects } from './notifications.presenter.ts';

const byId = <Row extends { id: number }>(rows: Row[]) => new Map(rows.map((row) => [row.id, row]));
const ids = (values: (number | null)[]) => [...new Set(values.filter((value) => value !== null))];

/** The items of groups as the list shows them (their people, pin, board, invitation and comment loaded once). */
export async function presentGroups(db: Executor, groups: NotificationGroupRow[]): Promise<Notification[]> {
  const [actors, pins, boards, invites, comments] = await Promise.all([
    findActors(db, ids(groups.flatMap((group) => group.actorIds))),
    findPinsNamed(db, ids(groups.map((group) => group.pinId))),
    findBoardsNamed(db, ids(groups.map((group) => group.boardId))),
    findInvitesNamed(db, ids(groups.map((group) => group.inviteId))),
    findCommentsNamed(db, ids(groups.map((group) => group.commentId))),
  ]);
  const named: NamedObjects = {
    actors: byId(actors),
    pins: byId(pins),
    boards: byId(boards),
    invites: byId(invites),
    comments: byId(comments),
  };
  return groups.map((group) => presentNotification(group, named));
}

/** `GET /v3/notifications/`: the viewer's groups newest first, what they may see now only. */
export async function pageNotifications(
  db: Executor,
  viewer: number,
  options: Pick<PageOptions, 'bookmark' | 'pageSize'>,
): Promise<{ items: Notification[]; bookmark: string | null }> {
  const key = decodeBookmark(options.bookmark);
  if (key && (key.length !== 1 || typeof key[0] !== 'number')) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  const groups = await listNotificationGroups(db, {
    recipientId: viewer,
    beforeId: key ? (key[0] as number) : null,
    limit: options.pageSize + 1,
  });
  const page = pageOf(groups, options.pageSize, (group) => [group.lastId]);
  return { items: await presentGroups(db, page.items), bookmark: page.bookmark };
}

/** The viewer's unread count: groups with a notification not yet seen (capped, see UNREAD_CAP). */
export function countUnreadNotifications(db: Executor, viewer: number): Promise<number> {
  return countUnreadGroups(db, viewer);
}

/** `POST /v3/notifications/seen/`: everything seen; the viewer's other tabs hear of it. */
export async function markNotificationsSeen(db: Executor, viewer: number) {
  await markAllSeen(db, viewer, new Date());
  sendLiveEvent(db, viewer, async () => ({
    type: 'notifications',
    unread_notifications: 0,
    notification: null,
  }));
  return { unread_notifications: 0 };
}

/** The live event of a new notification: the unread count and the group it joined. */
export async function liveNotificationEvent(
  db: Executor,
  recipientId: number,
  groupKey: string | null,
): Promise<LiveEvent> {
  const [unread, groups] = await Promise.all([
    countUnreadGroups(db, recipientId),
    groupKey === null
      ? Promise.resolve([])
      : listNotificationGroups(db, { recipientId, beforeId: null, groupKey, limit: 1 }),
  ]);
  const [notification] = await presentGroups(db, groups);
  return { type: 'notifications', unread_notifications: unread, notification: notification ?? null };
}
