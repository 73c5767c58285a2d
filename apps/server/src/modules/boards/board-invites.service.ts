import type { Board, ViewerBoardInvite } from '@pinboard/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeBookmark, pageOf, type PageOptions } from '../../lib/bookmark.ts';
import { boardAccessOf } from '../../policies/authorize.ts';
import { getBoard } from './boards.service.ts';
import {
  answerPendingInvites,
  findInviteForUpdate,
  findUserEmail,
  insertCollaborator,
  isCollaborator,
  listInvitesOf,
} from './collaborators.repository.ts';
import { presentViewerInvite } from './collaborators.presenter.ts';
import { notifyInviteAccepted } from '../notifications/notify.ts';

/** `GET /v3/users/me/board_invites/`: invitations to the viewer's account or email, newest first. */
export async function pageViewerInvites(
  db: Executor,
  viewer: number,
  options: Pick<PageOptions, 'bookmark' | 'pageSize'>,
): Promise<{ items: ViewerBoardInvite[]; bookmark: string | null }> {
  const key = decodeBookmark(options.bookmark);
  if (key && (key.length !== 1 || typeof key[0] !== 'number')) {
    throw new AppError('invalid_bookmark', { field: 'bookmark' });
  }
  const rows = await listInvitesOf(db, {
    userId: viewer,
    email: await findUserEmail(db, viewer),
    beforeId: key ? (key[0] as number) : null,
    limit: options.pageSize + 1,
  });
  const page = pageOf(rows, options.pageSize, (row) => [row.id]);
  return { items: page.items.map(presentViewerInvite), bookmark: page.bookmark };
}

/** The invitation, if it is addressed to the viewer (by account, or by their email); else 404. */
async function lockInviteOf(tx: Executor, inviteId: number, viewer: number, email: string | null) {
  const invite = await findInviteForUpdate(tx, inviteId);
  const mine =
    invite &&
    (invite.inviteeUserId === viewer ||
      (invite.inviteeEmail !== null &&
        email !== null &&
        invite.inviteeEmail.toLowerCase() === email.toLowerCase()));
  if (!invite || !mine) throw new AppError('invite_not_found');
  return invite;
}

/**
 * `POST /v3/board_invites/{id}/accept/`: in one transaction the viewer joins the board and every
 * pending invitation of theirs to it is accepted. Accepting again is harmless while they are
 * still a collaborator; once removed, an old invitation cannot bring them back.
 */
export async function acceptInvite(db: Database, inviteId: number, viewer: number): Promise<Board> {
  const email = await findUserEmail(db, viewer);
  const { boardId, accepted } = await db.transaction(async (tx) => {
    const invite = await lockInviteOf(tx, inviteId, viewer, email);
    if (invite.status === 'declined') throw new AppError('invite_not_pending');
    if (invite.status === 'accepted') {
      if (!(await isCollaborator(tx, invite.boardId, viewer))) throw new AppError('invite_not_pending');
      return { boardId: invite.boardId, accepted: null };
    }
    // An invitation by email may reach the owner's own account (its address changed since).
    if ((await boardAccessOf(tx, invite.boardId, viewer)) !== 'owner') {
      await insertCollaborator(tx, invite.boardId, viewer);
    }
    await answerPendingInvites(tx, {
      boardId: invite.boardId,
      userId: viewer,
      email,
      status: 'accepted',
      now: new Date(),
    });
    return {
      boardId: invite.boardId,
      accepted: { boardId: invite.boardId, inviterId: invite.inviterId, accepterId: viewer },
    };
  });
  if (accepted) await notifyInviteAccepted(db, accepted);
  return getBoard(db, boardId, viewer);
}

/** `POST /v3/board_invites/{id}/decline/`: declining twice is harmless; an accepted one cannot be. */
export async function declineInvite(
  db: Database,
  inviteId: number,
  viewer: number,
): Promise<{ id: string; status: 'declined' }> {
  const email = await findUserEmail(db, viewer);
  await db.transaction(async (tx) => {
    const invite = await lockInviteOf(tx, inviteId, viewer, email);
    if (invite.status === 'accepted') throw new AppError('invite_not_pending');
    if (invite.status === 'pending') {
      await answerPendingInvites(tx, {
        boardId: invite.boardId,
        userId: viewer,
        email,
        status: 'declined',
        now: new Date(),
      });
    }
  });
  return { id: String(inviteId), status: 'declined' };
}
