import type { Executor } from '../../db/client.ts';
import {
  insertNotifications,
  type AddedNotification,
  type NewNotification,
  type NotificationWrite,
} from './notifications.repository.ts';
import { askLiveEvent } from './live-publisher.ts';
import { CATEGORY_OF_KIND, queueNotificationMails } from '../email/notification-mail.ts';

/*
 * The producers: each service that makes something worth telling calls one of these after its
 * write is committed (decision 50). Nobody is told of their own act; a row is kept only when the
 * recipient may see what it names (the same policy condition as at read time); an actor is in a
 * group once; each new row sends its recipient a live event with the new unread count, and a
 * mail when they chose to hear of its category as it happens (decision 53).
 */

const DAY_MS = 86_400_000;
/** Rows of one kind and object on one UTC day are one item of the list. */
const day = (now = Date.now()) => Math.floor(now / DAY_MS);

/** Each row with the setting category that mails it as it happens. */
function withMailCategory<Row extends Omit<NewNotification, 'recipientId'>>(row: Row): Row {
  return { ...row, mailCategory: CATEGORY_OF_KIND[row.kind] };
}

/** Leaves out the actor's own rows (nobody is told of their own act) and names each row's mail category. */
function toWrite(write: NotificationWrite): NotificationWrite {
  return {
    rows: write.rows.filter((row) => row.recipientId !== row.actorId).map(withMailCategory),
    toBoardMembers: write.toBoardMembers ? withMailCategory(write.toBoardMembers) : null,
  };
}

/**
 * What follows new rows, after the commit, in the app's background tasks: each recipient's live
 * event (read where they have a stream open, in batches: `batchedLiveNotificationEvent`), and the
 * instant mail of those who want it (known from the insert: nobody else's settings are read).
 */
export function afterNotificationsAdded(db: Executor, added: AddedNotification[]): void {
  for (const row of added) {
    askLiveEvent(db, row.recipientId, { type: 'notifications', groupKey: row.groupKey });
  }
  queueNotificationMails(
    db,
    added.filter((row) => row.mailNow),
  );
}

async function notify(db: Executor, write: NotificationWrite): Promise<void> {
  afterNotificationsAdded(db, await insertNotifications(db, toWrite(write)));
}

/** The pinner of a saved pin (`pinId`, theirs) hears of it; the rows a save writes with itself. */
function pinSavedRow(saved: { pinId: number; pinnerId: number; actorId: number; boardId: number }) {
  return {
    recipientId: saved.pinnerId,
    kind: 'pin_saved' as const,
    actorId: saved.actorId,
    pinId: saved.pinId,
    boardId: saved.boardId,
    groupKey: `pin_saved:${saved.pinId}:${day()}`,
  };
}

/** The board's other members (owner and collaborators) hear of a pin added to it. */
function pinAddedRow(added: { boardId: number; actorId: number }) {
  return {
    kind: 'board_pins_added' as const,
    actorId: added.actorId,
    boardId: added.boardId,
    groupKey: `board_pins_added:${added.boardId}:${day()}`,
  };
}

/**
 * A save's notifications (the pin's pinner hears their pin was saved, the board's other members
 * of a new pin), for the save to insert in its own transaction's last statement
 * (`coverBoardCountPinsAndNotify`, decision 66); then `afterNotificationsAdded` with what it
 * added, once committed.
 */
export function saveNotifications(saved: {
  pinId: number;
  pinnerId: number;
  actorId: number;
  boardId: number;
}): {
  pinSaved: NewNotification | null;
  pinAdded: Omit<NewNotification, 'recipientId'>;
} {
  const [pinSaved] = toWrite({ rows: [pinSavedRow(saved)] }).rows;
  return { pinSaved: pinSaved ?? null, pinAdded: withMailCategory(pinAddedRow(saved)) };
}

/** Someone followed a person. */
export function notifyUserFollowed(db: Executor, follow: { followeeId: number; followerId: number }) {
  return notify(db, {
    rows: [
      {
        recipientId: follow.followeeId,
        kind: 'user_followed',
        actorId: follow.followerId,
        groupKey: `user_followed:${day()}`,
      },
    ],
  });
}

/** Someone followed a board: its owner hears of it. */
export function notifyBoardFollowed(
  db: Executor,
  follow: { boardId: number; ownerId: number; followerId: number },
) {
  return notify(db, {
    rows: [
      {
        recipientId: follow.ownerId,
        kind: 'board_followed',
        actorId: follow.followerId,
        boardId: follow.boardId,
        groupKey: `board_followed:${follow.boardId}:${day()}`,
      },
    ],
  });
}

/** Invitations to accounts (by account, or by an email an account has); each its own item. */
export function notifyBoardInvites(
  db: Executor,
  invites: { inviteId: number; boardId: number; inviterId: number; inviteeId: number }[],
) {
  return notify(db, {
    rows: invites.map((invite) => ({
      recipientId: invite.inviteeId,
      kind: 'board_invite' as const,
      actorId: invite.inviterId,
      boardId: invite.boardId,
      inviteId: invite.inviteId,
      groupKey: `board_invite:${invite.inviteId}`,
    })),
  });
}

/** A person accepted an invitation: whoever invited them hears of it. */
export function notifyInviteAccepted(
  db: Executor,
  accepted: { boardId: number; inviterId: number; accepterId: number },
) {
  return notify(db, {
    rows: [
      {
        recipientId: accepted.inviterId,
        kind: 'invite_accepted',
        actorId: accepted.accepterId,
        boardId: accepted.boardId,
        groupKey: `invite_accepted:${accepted.boardId}:${day()}`,
      },
    ],
  });
}

/** A pin was added to a board: its other members (owner and collaborators) hear of it. */
export function notifyPinAdded(db: Executor, added: { boardId: number; actorId: number }): Promise<void> {
  return notify(db, { rows: [], toBoardMembers: pinAddedRow(added) });
}

/**
 * A new comment (decision 51): the pin's pinner hears of it ("commented on your Pin", grouped by
 * pin and day), the author of the comment it replies to ("replied to your comment", grouped by top
 * comment and day), and each person it mentions ("mentioned you", each its own item) unless
 * already told of this comment. The insert's visibility rule keeps a mention of someone who may not
 * see the pin from ever reaching them.
 */
export function notifyComment(
  db: Executor,
  comment: {
    id: number;
    pinId: number;
    pinnerId: number;
    actorId: number;
    /** The author of the comment replied to, and the top comment the reply is attached to. */
    repliedTo: { authorId: number; topId: number } | null;
    mentionIds: number[];
  },
): Promise<void> {
  const rows: NewNotification[] = [];
  const told = new Set<number>();
  const tell = (row: NewNotification) => {
    if (told.has(row.recipientId)) return;
    told.add(row.recipientId);
    rows.push(row);
  };
  const about = { actorId: comment.actorId, pinId: comment.pinId, commentId: comment.id };
  if (comment.repliedTo) {
    tell({
      ...about,
      recipientId: comment.repliedTo.authorId,
      kind: 'comment_replied',
      groupKey: `comment_replied:${comment.repliedTo.topId}:${day()}`,
    });
  }
  tell({
    ...about,
    recipientId: comment.pinnerId,
    kind: 'pin_commented',
    groupKey: `pin_commented:${comment.pinId}:${day()}`,
  });
  for (const recipientId of comment.mentionIds) {
    tell({ ...about, recipientId, kind: 'comment_mentioned', groupKey: `comment_mentioned:${comment.id}` });
  }
  return notify(db, { rows });
}

/**
 * A moderation notice (decision 54): an operator's decision about something the recipient made or
 * reported, or the outcome of their appeal. Its actor is the recipient (no person acted), so it is
 * kept whatever `notify` leaves out; each is an item of its own.
 */
export async function notifyModeration(
  db: Executor,
  notice: { recipientId: number; key: string; message: string },
): Promise<void> {
  const added = await insertNotifications(db, {
    rows: [
      {
        recipientId: notice.recipientId,
        kind: 'moderation',
        actorId: notice.recipientId,
        groupKey: `moderation:${notice.key}`,
        message: notice.message,
      },
    ],
  });
  // Told in the list and live at once; mailed only in a digest (no mail category).
  afterNotificationsAdded(db, added);
}
