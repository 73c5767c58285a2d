import type { Board, BoardSection, CreateBoard, RepinBody, RepinResult } from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

export async function repinPin(pinId: string, body: RepinBody): Promise<RepinResult> {
  return (await api.repinPin({ params: { id: pinId }, body })).data;
}

export async function createBoard(body: CreateBoard): Promise<Board> {
  return (await api.createBoard({ body })).data;
}

export async function createSection(
  boardId: string,
  body: { name: string; name_source: 0 | 1 | 2 },
): Promise<BoardSection> {
  return (await api.createSection({ params: { id: boardId }, body })).data;
}
