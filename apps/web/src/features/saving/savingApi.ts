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
import type { TFunction } from 'i18next';
import { ApiRequestError, apiClient } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { isErrorCode } from '../auth/errorText.ts';

const pinPath = (pinId: string) => `/v3/pins/${encodeURIComponent(pinId)}`;

export async function fetchBoardPicker(
  pinId: string | null,
  advertiserId: string | undefined,
  signal?: AbortSignal,
): Promise<BoardPicker> {
  const query = { pin_id: pinId ?? undefined, advertiser_id: advertiserId };
  return (await api.getBoardPicker({ query }, { signal })).data;
}

export async function fetchSavedTo(pinId: string, signal?: AbortSignal): Promise<SavedTo[]> {
  return (await apiClient.get<SavedTo[]>(`${pinPath(pinId)}/saved_to/`, { signal })).data;
}

export async function fetchTitleSuggestions(pinId: string, signal?: AbortSignal): Promise<string[]> {
  const { data } = await apiClient.get<{ title: string }[]>(`${pinPath(pinId)}/board_title_suggestions/`, {
    signal,
  });
  return data.map((suggestion) => suggestion.title);
}

/**
 * `GET /v3/pins/find_images/`: the pinnable images of a pin's website. Saving asks for itself:
 * importing pin-create's client would make that page's chunks shared with this one.
 */
export async function findWebsiteImages(url: string, signal?: AbortSignal): Promise<FoundImages> {
  return (await apiClient.get<FoundImages>('/v3/pins/find_images/', { query: { url }, signal })).data;
}

export async function repinPin(pinId: string, body: RepinBody): Promise<RepinResult> {
  return (await apiClient.post<RepinResult>(`${pinPath(pinId)}/repin/`, body)).data;
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

/**
 * What a failed call says to the viewer (spec 2 section 8): the catalogue's words for a known
 * code (2171-2173 included), else the server's detail or message, else a generic failure.
 */
export function savingErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('saving.saveFailed');
  if (isErrorCode(error.code)) return t(`errors.${error.code}`);
  return error.messageDetail ?? (error.message || t('saving.saveFailed'));
}
