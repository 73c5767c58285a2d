import type { BulkEditBody, BulkEditResult, HashtagSuggestion } from '@pinboard/shared';
import type { TFunction } from 'i18next';
import { ApiRequestError, apiClient } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';
import { isErrorCode } from '../auth/errorText.ts';

/** Moves pins between boards and sections (docs/product/saving.md#moving-pins). */
export async function movePins(body: BulkEditBody): Promise<BulkEditResult> {
  return (await api.movePins({ body })).data;
}

/** At most 5 hashtags for what follows '#', with their pin counts. */
export async function fetchHashtagSuggestions(q: string, signal?: AbortSignal): Promise<HashtagSuggestion[]> {
  const { data } = await api.listHashtagSuggestions({ query: { q, show_pin_count: 'true' } }, { signal });
  return data;
}

/**
 * What a failed move says (docs/product/saving.md#messages): the catalogue's words for a known code (the
 * lock's 2171-2173 say 'Please wait until the previous board action finishes.'), else the
 * server's message, else a generic failure.
 */
export function moveErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('moving.moveFailed');
  if (isErrorCode(error.code)) return t(`errors.${error.code}`);
  return error.messageDetail ?? (error.message || t('moving.moveFailed'));
}
