import type { Board, BoardCollaborators, CollaboratorSuggestion, Invitee } from '@pinboard/shared';
import { api, endpointKey } from '../../api/endpoints.ts';

/** The key of the invite field's rows, as fetchSuggestions asks for them. */
export function suggestionsKey(boardId: string | null, q: string) {
  return boardId === null
    ? endpointKey('suggestCollaborators', { query: { q } })
    : endpointKey('suggestBoardCollaborators', { params: { id: boardId }, query: { q } });
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

export async function answerInvite(inviteId: string, accept: boolean): Promise<Board | null> {
  const input = { params: { id: inviteId } };
  if (!accept) {
    await api.declineBoardInvite(input);
    return null;
  }
  return (await api.acceptBoardInvite(input)).data;
}
