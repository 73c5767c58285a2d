import type {
  Board,
  BoardCollaborators,
  CollaboratorSuggestion,
  Invitee,
  ViewerBoardInvite,
} from '@pinboard/shared';
import { apiClient } from '../../api/client.ts';
import { boardKeys } from '../boards/boardKeys.ts';

const collaboratorsPath = (boardId: string) => `/v3/boards/${encodeURIComponent(boardId)}/collaborators/`;

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
  return (await apiClient.get<BoardCollaborators>(collaboratorsPath(boardId), { signal })).data;
}

/** The invite field's rows; `boardId` null for a board being created. */
export async function fetchSuggestions(
  boardId: string | null,
  q: string,
  signal?: AbortSignal,
): Promise<CollaboratorSuggestion[]> {
  const path = `${boardId === null ? '/v3/collaborators/' : collaboratorsPath(boardId)}suggestions/`;
  return (await apiClient.get<CollaboratorSuggestion[]>(path, { query: { q }, signal })).data;
}

export async function inviteCollaborators(boardId: string, invitees: Invitee[]): Promise<BoardCollaborators> {
  return (await apiClient.post<BoardCollaborators>(collaboratorsPath(boardId), { invitees })).data;
}

export async function removeCollaborator(boardId: string, userId: string): Promise<BoardCollaborators> {
  const path = `${collaboratorsPath(boardId)}${encodeURIComponent(userId)}/`;
  return (await apiClient.delete<BoardCollaborators>(path)).data;
}

export async function fetchMyInvites(signal?: AbortSignal): Promise<ViewerBoardInvite[]> {
  return (await apiClient.get<ViewerBoardInvite[]>('/v3/users/me/board_invites/', { signal })).data;
}

export async function answerInvite(inviteId: string, accept: boolean): Promise<Board | null> {
  const path = `/v3/board_invites/${encodeURIComponent(inviteId)}/${accept ? 'accept' : 'decline'}/`;
  const { data } = await apiClient.post<Board | { id: string }>(path);
  return accept ? (data as Board) : null;
}
