import type {
  Board,
  BoardCollaborators,
  CollaboratorSuggestion,
  Invitee,
  ViewerBoardInvite,
} from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';
import { boardKeys } from '../boards/boardKeys.ts';

/** Query keys of collaborators: a board's own sit under its keys; the viewer's invitations apart. */
export const collaboratorKeys = {
  ofBoard: (boardId: string) => [...boardKeys.board(boardId), 'collaborators'] as const,
  suggestions: (boardId: string, q: string) =>
    [...boardKeys.board(boardId), 'collaborator-suggestions', q] as const,
  /** For a board not created yet (its invite queue). */
  newBoardSuggestions: (q: string) => ['collaborator-suggestions', 'new-board', q] as const,
  myInvites: () => ['board-invites', 'me'] as const,
};

export async function fetchCollaborators(boardId: string, signal?: AbortSignal): Promise<BoardCollaborators> {
  return (await api.getBoardCollaborators({ params: { id: boardId } }, { signal })).data;
}

/** The invite field's rows; `boardId` null for a board being created. */
export async function fetchSuggestions(
  boardId: string | null,
  q: string,
  signal?: AbortSignal,
): Promise<CollaboratorSuggestion[]> {
  const answer =
    boardId === null
      ? await api.suggestCollaborators({ query: { q } }, { signal })
      : await api.suggestBoardCollaborators({ params: { id: boardId }, query: { q } }, { signal });
  return answer.data;
}

export async function inviteCollaborators(boardId: string, invitees: Invitee[]): Promise<BoardCollaborators> {
  return (await api.inviteCollaborators({ params: { id: boardId }, body: { invitees } })).data;
}

export async function removeCollaborator(boardId: string, userId: string): Promise<BoardCollaborators> {
  return (await api.removeCollaborator({ params: { id: boardId, userId } })).data;
}

export async function fetchMyInvites(signal?: AbortSignal): Promise<ViewerBoardInvite[]> {
  return (await api.listViewerBoardInvites({}, { signal })).data;
}

export async function answerInvite(inviteId: string, accept: boolean): Promise<Board | null> {
  const input = { params: { id: inviteId } };
  if (!accept) {
    await api.declineBoardInvite(input);
    return null;
  }
  return (await api.acceptBoardInvite(input)).data;
}
