import type { UserSettings } from '@pinboard/shared';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';

export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return (await api.getUserSettings({}, { signal })).data;
}

/**
 * A failed board create on the pin-create page (spec 2 section 8): the server's message with
 * its detail after it, else 'Uh oh! Something went wrong.'.
 */
export function boardCreateErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiRequestError) || !error.message) return t('pinCreate.boardCreateFailed');
  return error.messageDetail ? `${error.message} ${error.messageDetail}` : error.message;
}
