import type { Board, BoardSection, UpdateBoard, UpdateBoardSection } from '@pinboard/shared';
import { ApiRequestError } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';

export async function followBoard(boardId: string, follow: boolean): Promise<Board> {
  const input = { params: { id: boardId } };
  return (follow ? await api.followBoard(input) : await api.unfollowBoard(input)).data;
}

export async function updateBoard(boardId: string, body: UpdateBoard): Promise<Board> {
  return (await api.updateBoard({ params: { id: boardId }, body })).data;
}

export async function deleteBoard(boardId: string): Promise<void> {
  await api.deleteBoard({ params: { id: boardId } });
}

export async function archiveBoard(boardId: string, archive: boolean): Promise<Board> {
  const input = { params: { id: boardId } };
  return (archive ? await api.archiveBoard(input) : await api.unarchiveBoard(input)).data;
}

export async function renameSection(sectionId: string, body: UpdateBoardSection): Promise<BoardSection> {
  return (await api.updateSection({ params: { id: sectionId }, body })).data;
}

export async function deleteSection(sectionId: string): Promise<void> {
  await api.deleteSection({ params: { id: sectionId } });
}

/** Codes 2171-2173, another board action of the viewer still running. */
export function isBoardBusy(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code.startsWith('board_action_in_progress');
}
