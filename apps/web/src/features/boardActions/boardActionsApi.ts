import type { Board, BoardSection, UpdateBoard, UpdateBoardSection } from '@pinboard/shared';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { isErrorCode } from '../auth/errorText.ts';

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

/** What a failed board action says: the catalogue's words for a known code (2171-2173 included). */
export function boardActionErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiRequestError && isErrorCode(error.code)) return t(`errors.${error.code}`);
  return t('boardActions.failed');
}

export async function renameSection(sectionId: string, body: UpdateBoardSection): Promise<BoardSection> {
  return (await api.updateSection({ params: { id: sectionId }, body })).data;
}

export async function deleteSection(sectionId: string): Promise<void> {
  await api.deleteSection({ params: { id: sectionId } });
}

/** Spec 2 section 8: codes 2171-2173, another board action of the viewer still running. */
export function isBoardBusy(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code.startsWith('board_action_in_progress');
}
