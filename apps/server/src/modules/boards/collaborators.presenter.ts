import type {
  BoardCollaborators,
  BoardInvite,
  CollaboratorSuggestion,
  Inviter,
  ViewerBoardInvite,
} from '@pinboard/shared';
import { renditionUrl } from '../../lib/media-url.ts';
import { boardUrl } from '../pins/pins.presenter.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { UserSummaryRow } from '../users/users.repository.ts';
import type { PendingInviteRow, ViewerInviteRow } from './collaborators.repository.ts';

/** A board's invitation; the invited address is shown to the board's owner only. */
export function presentBoardInvite(row: PendingInviteRow, viewerIsOwner: boolean): BoardInvite {
  return {
    id: String(row.id),
    type: 'board_invite',
    board_id: String(row.boardId),
    status: row.status,
    invitee: row.invitee?.id != null ? presentUserSummary(row.invitee as UserSummaryRow) : null,
    invitee_email: viewerIsOwner ? row.inviteeEmail : null,
    inviter: presentUserSummary(row.inviter),
    created_at: row.createdAt.toISOString(),
  };
}

/** `is_default_image` when the account has no avatar of its own. */
export function presentInviter(row: UserSummaryRow): Inviter {
  const summary = presentUserSummary(row);
  return {
    id: summary.id,
    username: summary.username,
    first_name: summary.first_name,
    full_name: summary.full_name,
    image_medium_url: summary.image_medium_url,
    is_default_image: row.avatarSizes === null,
  };
}

export function presentViewerInvite(row: ViewerInviteRow): ViewerBoardInvite {
  return {
    id: String(row.id),
    type: 'board_invite',
    status: row.status,
    created_at: row.createdAt.toISOString(),
    board: {
      id: String(row.board.id),
      name: row.board.name,
      url: boardUrl(row.ownerUsername, row.board.slug),
      privacy: row.board.privacy,
    },
    inviter: presentInviter(row.inviter),
  };
}

export function presentUserSuggestion(row: UserSummaryRow): CollaboratorSuggestion {
  const summary = presentUserSummary(row);
  return {
    type: 'user',
    id: summary.id,
    full_name: summary.full_name || summary.username,
    username: summary.username,
    image_medium_url: renditionUrl(row.avatarSizes, '236x'),
    valid: true,
  };
}

/** An address typed into the invite field: one row, valid or not, so the field can say which. */
export function presentEmailSuggestion(email: string, valid: boolean): CollaboratorSuggestion {
  return { type: 'email', id: email, full_name: email, username: null, image_medium_url: null, valid };
}

/** Who is on a board; `viewerIsOwner` decides what each pending invitation shows. */
export function presentBoardCollaborators(
  rows: {
    boardId: number;
    owner: UserSummaryRow;
    collaborators: UserSummaryRow[];
    invites: PendingInviteRow[];
  },
  viewerIsOwner: boolean,
): BoardCollaborators {
  return {
    board_id: String(rows.boardId),
    owner: presentUserSummary(rows.owner),
    collaborators: rows.collaborators.map(presentUserSummary),
    invites: rows.invites.map((row) => presentBoardInvite(row, viewerIsOwner)),
  };
}
