import type { CreatedPin, CreatePinSchema, FoundImages, MediaUpload } from '@pinboard/shared';
import type { z } from 'zod';
import { apiClient } from '../../api/client.ts';

/** `POST /v3/media/uploads/`: one file, as multipart field `file`. */
export async function uploadMedia(file: File, signal?: AbortSignal): Promise<MediaUpload> {
  const body = new FormData();
  body.append('file', file);
  return (await apiClient.post<MediaUpload>('/v3/media/uploads/', body, { signal })).data;
}

/** `GET /v3/media/uploads/{id}/`: how an upload or a registration is doing. */
export async function fetchMediaUpload(id: string, signal?: AbortSignal): Promise<MediaUpload> {
  return (await apiClient.get<MediaUpload>(`/v3/media/uploads/${encodeURIComponent(id)}/`, { signal })).data;
}

/** `PUT /v3/pins/image/`: the server fetches the image at `imageUrl` itself, in the background. */
export async function registerImage(imageUrl: string, signal?: AbortSignal): Promise<MediaUpload> {
  return (await apiClient.put<MediaUpload>('/v3/pins/image/', { image_url: imageUrl }, { signal })).data;
}

/** `GET /v3/pins/find_images/?url=`: a page's pinnable images, og:image first. */
export async function findImages(url: string, signal?: AbortSignal): Promise<FoundImages> {
  return (await apiClient.get<FoundImages>('/v3/pins/find_images/', { query: { url }, signal })).data;
}

/** What `POST /v3/pins/` takes: fields with a default (title, method…) may be left out. */
export type CreatePinBody = z.input<typeof CreatePinSchema>;

/** `POST /v3/pins/` (the builders and the pin-create page). */
export async function createPin(body: CreatePinBody): Promise<CreatedPin> {
  return (await apiClient.post<CreatedPin>('/v3/pins/', body)).data;
}
