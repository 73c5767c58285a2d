import type { CreatedPin, CreatePinSchema, FoundImages, MediaUpload, UserSettings } from '@pinboard/shared';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiRequestError, apiClient } from '../../api/client.ts';

export type CreatePinBody = z.input<typeof CreatePinSchema>;

export async function createPin(body: CreatePinBody): Promise<CreatedPin> {
  return (await apiClient.post<CreatedPin>('/v3/pins/', body)).data;
}

/** `GET /v3/pins/find_images/`: the page's pinnable images, og:image first. */
export async function findImages(url: string, signal?: AbortSignal): Promise<FoundImages> {
  return (await apiClient.get<FoundImages>('/v3/pins/find_images/', { query: { url }, signal })).data;
}

/** `PUT /v3/pins/image/`: the server fetches the image in the background. */
export async function registerImage(imageUrl: string): Promise<MediaUpload> {
  return (await apiClient.put<MediaUpload>('/v3/pins/image/', { image_url: imageUrl })).data;
}

export async function fetchUserSettings(signal?: AbortSignal): Promise<UserSettings> {
  return (await apiClient.get<UserSettings>('/v3/users/settings/', { signal })).data;
}

/**
 * A failed board create on the pin-create page (spec 2 section 8): the server's message with
 * its detail after it, else 'Uh oh! Something went wrong.'.
 */
export function boardCreateErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiRequestError) || !error.message) return t('pinCreate.boardCreateFailed');
  return error.messageDetail ? `${error.message} ${error.messageDetail}` : error.message;
}
