import type { LiveEvent, Notification } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf, type PageOptions } from '../../lib/bookmark.ts';
import { sendLiveEvent } from './live-publisher.ts';
import {
  countUnreadGroups,
  countUnreadGroupsOf,
  findActors,
  findBoardsNamed,
  findCommentsNamed,
  findInvitesNamed,
  findPinsNamed,
  listNotificationGroups,
  listNotificationGroupsOf,
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
  sendLiveEvent(db, viewer, { type: 'notifications', unread_notifications: 0, notification: null });
  return { unread_notifications: 0 };
}

/** The live event of a stream's start (no group) or of a new notification: the unread count and the group it joined. */
export async function liveNotificationEvent(
  db: Executor,
  recipientId: number,
  groupKey: string | null,
): Promise<LiveEvent> {
  if (groupKey !== null) return (await liveNotificationEvents(db, [{ recipientId, groupKey }]))[0]!;
  return {
    type: 'notifications',
    unread_notifications: await countUnreadGroups(db, recipientId),
    notification: null,
  };
}

/**
 * The live events of several new notifications, in the order asked, from one statement for the
 * unread counts, one for the groups and one per kind of object the groups name (whatever their
 * number).
 */
export async function liveNotificationEvents(
  db: Executor,
  wanted: { recipientId: number; groupKey: string }[],
): Promise<LiveEvent[]> {
  const [unread, groups] = await Promise.all([
    countUnreadGroupsOf(
      db,
      wanted.map((item) => item.recipientId),
    ),
    listNotificationGroupsOf(db, wanted),
  ]);
  const found = [...groups.entries()];
  const presented = await presentGroups(
    db,
    found.map(([, group]) => group),
  );
  const byKey = new Map(found.map(([key], index) => [key, presented[index]!]));
  return wanted.map((item) => ({
    type: 'notifications',
    unread_notifications: unread.get(item.recipientId) ?? 0,
    notification: byKey.get(`${item.recipientId} ${item.groupKey}`) ?? null,
  }));
}

/** The most new notifications one batch of live events reads. */
const LIVE_BATCH = 200;

interface LiveBatches {
  waiting: { recipientId: number; groupKey: string; settle: (event: Promise<LiveEvent>) => void }[];
  running: boolean;
}
const liveBatches = new WeakMap<Executor, LiveBatches>();

/**
 * The live event of a new notification, read together with the others asked for meanwhile
 * (decision 66): the first one asked starts a batch at once; those asked while it runs wait
 * for it and are read together in the next, so a quiet server answers each at once and a busy
 * one reads many in the same few statements.
 */
export function batchedLiveNotificationEvent(
  db: Executor,
  recipientId: number,
  groupKey: string,
): Promise<LiveEvent> {
  let batches = liveBatches.get(db);
  if (!batches) {
    batches = { waiting: [], running: false };
    liveBatches.set(db, batches);
  }
  const state = batches;
  const event = new Promise<LiveEvent>((resolve) => {
    state.waiting.push({ recipientId, groupKey, settle: resolve });
  });
  if (!state.running) {
    state.running = true;
    // After this turn's other calls (a save's notifications are sent together).
    void Promise.resolve().then(() => runLiveBatches(db, state));
  }
  return event;
}

async function runLiveBatches(db: Executor, state: LiveBatches): Promise<void> {
  while (state.waiting.length > 0) {
    const batch = state.waiting.splice(0, LIVE_BATCH);
    const events = liveNotificationEvents(db, batch);
    // Each caller gets the batch's outcome: a failure fails every event of it (each is logged).
    batch.forEach((item, index) => item.settle(events.then((all) => all[index]!)));
    await events.catch(() => {});
  }
  state.running = false;
}
