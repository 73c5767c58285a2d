import type { Notification } from '@pinboard/shared';
import { renditionUrl } from '../../lib/media-url.ts';
import { boardUrl } from '../pins/pins.presenter.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type {
  findActors,
  findCommentsNamed,
  findBoardsNamed,
  findInvitesNamed,
  findPinsNamed,
  NotificationGroupRow,
} from './notifications.repository.ts';

/** What a page of groups names, loaded once for the page. */
export interface NamedObjects {
  actors: Map<number, Awaited<ReturnType<typeof findActors>>[number]>;
  pins: Map<number, Awaited<ReturnType<typeof findPinsNamed>>[number]>;
  boards: Map<number, Awaited<ReturnType<typeof findBoardsNamed>>[number]>;
  invites: Map<number, Awaited<ReturnType<typeof findInvitesNamed>>[number]>;
  comments: Map<number, Awaited<ReturnType<typeof findCommentsNamed>>[number]>;
}

export function presentNotification(group: NotificationGroupRow, named: NamedObjects): Notification {
  const pin = group.pinId === null ? undefined : named.pins.get(group.pinId);
  const board = group.boardId === null ? undefined : named.boards.get(group.boardId);
  const invite = group.inviteId === null ? undefined : named.invites.get(group.inviteId);
  const comment = group.commentId === null ? undefined : named.comments.get(group.commentId);
  return {
    id: String(group.lastId),
    kind: group.kind,
    created_at: group.createdAt.toISOString(),
    seen: group.seen,
    actors: group.actorIds.flatMap((id) => {
      const actor = named.actors.get(id);
      return actor ? [presentUserSummary(actor)] : [];
    }),
    actor_count: group.actorCount,
    pin: pin
      ? { id: String(pin.id), title: pin.title, image_url: renditionUrl(pin.imageSizes, '236x') }
      : null,
    board: board
      ? { id: String(board.id), name: board.name, url: boardUrl(board.ownerUsername, board.slug) }
      : null,
    invite: invite ? { id: String(invite.id), status: invite.status } : null,
    comment: comment ? { id: String(comment.id), text: comment.text } : null,
    message: group.message,
  };
}
