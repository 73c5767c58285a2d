import type { Board, BoardSection, UpdateBoard, UpdateBoardSection } from '@pinboard/shared';
import { ApiRequestError, apiClient } from '../../api/client.ts';

const boardPath = (boardId: string) => `/v3/boards/${encodeURIComponent(boardId)}/`;

export async function followBoard(boardId: string, follow: boolean): Promise<Board> {
  const path = `${boardPath(boardId)}follow/`;
  return (follow ? await apiClient.put<Board>(path) : await apiClient.delete<Board>(path)).data;
}

export async function updateBoard(boardId: string, body: UpdateBoard): Promise<Board> {
  return (await apiClient.patch<Board>(boardPath(boardId), body)).data;
}

export async function deleteBoard(boardId: string): Promise<void> {
  await apiClient.delete<null>(boardPath(boardId));
}

export async function archiveBoard(boardId: string, archive: boolean): Promise<Board> {
  const path = `${boardPath(boardId)}archive/`;
  return (archive ? await apiClient.post<Board>(path) : await apiClient.delete<Board>(path)).data;
}

const sectionPath = (sectionId: string) => `/v3/board_sections/${encodeURIComponent(sectionId)}/`;

export async function renameSection(sectionId: string, body: UpdateBoardSection): Promise<BoardSection> {
  return (await apiClient.patch<BoardSection>(sectionPath(sectionId), body)).data;
}

export async function deleteSection(sectionId: string): Promise<void> {
  await apiClient.delete<null>(sectionPath(sectionId));
}

/** Codes 2171-2173, another board action of the viewer still running. */
export function isBoardBusy(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code.startsWith('board_action_in_progress');
}
