import {
  COLLABORATOR_SUGGESTIONS_MAX,
  isValidCollaboratorEmail,
  looksLikeEmail,
  type BoardCollaborators,
  type CollaboratorSuggestion,
  type Invitee,
} from '@pinboard/shared';
import type { CounterStore } from '../../adapters/counters/index.ts';
import type { Mailer, MailMessage } from '../../adapters/mail/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Background } from '../../lib/background.ts';
import { authorize } from '../../policies/authorize.ts';
import { byUser, enforceRateLimit } from '../../policies/rate-limits.ts';
import { findBoardById } from './boards.repository.ts';
import { inviteMail } from './collaborators.mail.ts';
import {
  deleteCollaborator,
  deletePendingInvites,
  findActiveUser,
  findUserEmail,
  findUserIdByEmail,
  insertPendingInvite,
  isCollaborator,
  listCollaborators,
  listPendingInvites,
  searchInvitableUsers,
} from './collaborators.repository.ts';
import {
  presentBoardCollaborators,
  presentEmailSuggestion,
  presentUserSuggestion,
} from './collaborators.presenter.ts';
import { notifyBoardInvites } from '../notifications/notify.ts';

export interface CollaboratorDeps {
  db: Database;
  mailer: Mailer;
  background: Background;
  counters: CounterStore;
  publicUrl: string;
}

async function loadCollaborators(
  db: Executor,
  boardId: number,
  viewerId: number,
): Promise<BoardCollaborators> {
  const board = await findBoardById(db, boardId, viewerId);
  if (!board) throw new AppError('board_not_found');
  const isOwner = board.owner.id === viewerId;
  const [collaborators, invites] = await Promise.all([
    listCollaborators(db, boardId),
    listPendingInvites(db, boardId),
  ]);
  return presentBoardCollaborators({ boardId, owner: board.owner, collaborators, invites }, isOwner);
}

/** `GET /v3/boards/{id}/collaborators/`: the owner, collaborators and pending invitations. */
export async function getBoardCollaborators(
  db: Executor,
  boardId: number,
  viewer: number,
): Promise<BoardCollaborators> {
  // Owners and collaborators see who is on a board; a reader of a public board is forbidden.
  await authorize(db, viewer, 'write', { board: boardId });
  return loadCollaborators(db, boardId, viewer);
}

/**
 * `POST /v3/boards/{id}/collaborators/`: the owner invites accounts and email addresses, all or
 * none. Naming yourself is refused; someone already a collaborator or already invited is skipped,
 * so the web may send its queue again. An email invitation stays an email invitation even when
 * an account has that address (the account accepts it), so the answer never tells the owner
 * whose address it is; every new email invitation is mailed, after the commit.
 */
export async function inviteCollaborators(
  deps: CollaboratorDeps,
  boardId: number,
  viewer: number,
  invitees: Invitee[],
): Promise<BoardCollaborators> {
  // The product mails whatever address an owner types: a daily cap keeps it from being a spam relay.
  const emails = invitees.filter((invitee) => invitee.type === 'email').length;
  if (emails > 0) await enforceRateLimit(deps.counters, 'board-invite-email', byUser(viewer), emails);
  const mails: MailMessage[] = [];
  const invited: Parameters<typeof notifyBoardInvites>[1] = [];
  await deps.db.transaction(async (tx) => {
    await authorize(tx, viewer, 'manage', { board: boardId });
    const board = (await findBoardById(tx, boardId, viewer))!;
    const ownerEmail = (await findUserEmail(tx, viewer))?.toLowerCase() ?? null;
    for (const invitee of invitees) {
      if (invitee.type === 'user') {
        const userId = Number(invitee.id);
        if (userId === viewer) throw new AppError('collaborator_invite_self');
        const user = await findActiveUser(tx, userId);
        if (!user) throw new AppError('user_not_found', { field: 'invitees' });
        if (await isCollaborator(tx, boardId, userId)) continue;
        const inviteId = await insertPendingInvite(tx, { boardId, inviterId: viewer, inviteeUserId: userId });
        if (inviteId !== null) invited.push({ inviteId, boardId, inviterId: viewer, inviteeId: userId });
        continue;
      }
      const email = invitee.email.toLowerCase();
      if (email === ownerEmail) throw new AppError('collaborator_invite_self');
      const accountId = await findUserIdByEmail(tx, email);
      if (accountId !== null && (await isCollaborator(tx, boardId, accountId))) continue;
      const inviteId = await insertPendingInvite(tx, { boardId, inviterId: viewer, inviteeEmail: email });
      if (inviteId === null) continue;
      if (accountId !== null) invited.push({ inviteId, boardId, inviterId: viewer, inviteeId: accountId });
      const inviterName =
        [board.owner.firstName, board.owner.lastName].filter(Boolean).join(' ') || board.owner.username;
      const link = `${deps.publicUrl.replace(/\/+$/, '')}/${board.owner.username}/${board.slug}/`;
      mails.push(inviteMail({ to: email, inviterName, boardName: board.name, link }));
    }
  });
  for (const mail of mails) deps.background.run('board-invite-mail', () => deps.mailer.send(mail));
  await notifyBoardInvites(deps.db, invited);
  return loadCollaborators(deps.db, boardId, viewer);
}

/**
 * `DELETE /v3/boards/{id}/collaborators/{userId}/`: the owner removes a collaborator (or cancels
 * their pending invitation); a collaborator may remove only themselves (leave). Removing someone
 * who is neither is harmless. The owner cannot be removed.
 */
export async function removeCollaborator(
  db: Database,
  boardId: number,
  userId: number,
  viewer: number,
): Promise<BoardCollaborators> {
  return db.transaction(async (tx) => {
    const access = await authorize(tx, viewer, 'write', { board: boardId });
    if (access === 'collaborator' && userId !== viewer) throw new AppError('forbidden');
    if (access === 'owner' && userId === viewer) throw new AppError('collaborator_remove_owner');
    const remove = async () => {
      await deleteCollaborator(tx, boardId, userId);
      await deletePendingInvites(tx, boardId, userId, await findUserEmail(tx, userId));
    };
    if (access === 'owner') {
      await remove();
      return loadCollaborators(tx, boardId, viewer);
    }
    // Leaving: the board as it was, without the viewer, who may no longer read it afterwards.
    const before = await loadCollaborators(tx, boardId, viewer);
    await remove();
    return { ...before, collaborators: before.collaborators.filter((user) => user.id !== String(viewer)) };
  });
}

/**
 * `GET /v3/boards/{id}/collaborators/suggestions/?q=`: the invite field's typeahead, for the
 * board's owner. An address-looking query gives one email row (valid or not); otherwise people
 * whose username or name starts with the query, other than the owner and collaborators.
 * `boardId` null (`GET /v3/collaborators/suggestions/`): for a board being created, whose invite
 * queue is sent once it is saved; only the viewer is left out.
 */
export async function suggestCollaborators(
  deps: Pick<CollaboratorDeps, 'db' | 'counters'>,
  boardId: number | null,
  viewer: number,
  q: string,
): Promise<CollaboratorSuggestion[]> {
  if (boardId !== null) await authorize(deps.db, viewer, 'manage', { board: boardId });
  if (q === '') return [];
  if (looksLikeEmail(q)) {
    return [presentEmailSuggestion(q, isValidCollaboratorEmail(q))];
  }
  const rows = await searchInvitableUsers(deps.db, boardId, viewer, q, COLLABORATOR_SUGGESTIONS_MAX);
  return rows.map(presentUserSuggestion);
}
