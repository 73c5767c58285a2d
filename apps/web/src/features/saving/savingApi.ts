import type {
  Board,
  BoardPicker,
  BoardSection,
  CreateBoard,
  FoundImages,
  RepinBody,
  RepinResult,
  SavedTo,
} from '@pinboard/shared';
import { api } from '../../api/endpoints.ts';

export async function fetchBoardPicker(
  pinId: string | null,
  advertiserId: string | undefined,
  signal?: AbortSignal,
): Promise<BoardPicker> {
  const query = { pin_id: pinId ?? undefined, advertiser_id: advertiserId };
  return (await api.getBoardPicker({ query }, { signal })).data;
}

export async function fetchSavedTo(pinId: string, signal?: AbortSignal): Promise<SavedTo[]> {
  return (await api.listSavedTo({ params: { id: pinId } }, { signal })).data;
}

export async function fetchTitleSuggestions(pinId: string, signal?: AbortSignal): Promise<string[]> {
  const { data } = await api.listBoardTitleSuggestions({ params: { id: pinId } }, { signal });
  return data.map((suggestion) => suggestion.title);
}

/**
 * `findImages / getPin`: the pinnable images of a pin's website. Saving asks for itself:
 * importing pin-create's client would make that page's chunks shared with this one.
 */
export async function findWebsiteImages(url: string, signal?: AbortSignal): Promise<FoundImages> {
  return (await api.findImages({ query: { url } }, { signal })).data;
}

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
