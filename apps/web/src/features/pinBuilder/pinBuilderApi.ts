import type { CreatedPin, CreatePinSchema, FoundImages, MediaUpload } from '@pinboard/shared';
import type { z } from 'zod';
import { api } from '../../api/endpoints.ts';

/** `createMediaUpload`: one file, as multipart field `file`. */
export async function uploadMedia(file: File, signal?: AbortSignal): Promise<MediaUpload> {
  const body = new FormData();
  body.append('file', file);
  return (await api.createMediaUpload({ body }, { signal })).data;
}

/** `getMediaUpload`: how an upload or a registration is doing. */
export async function fetchMediaUpload(id: string, signal?: AbortSignal): Promise<MediaUpload> {
  return (await api.getMediaUpload({ params: { id } }, { signal })).data;
}

/** `registerImage`: the server fetches the image at `imageUrl` itself, in the background. */
export async function registerImage(imageUrl: string, signal?: AbortSignal): Promise<MediaUpload> {
  return (await api.registerImage({ body: { image_url: imageUrl } }, { signal })).data;
}

/** `findImages / getPin`: a page's pinnable images, og:image first. */
export async function findImages(url: string, signal?: AbortSignal): Promise<FoundImages> {
  return (await api.findImages({ query: { url } }, { signal })).data;
}

/** What `createPin` takes: fields with a default (title, method…) may be left out. */
export type CreatePinBody = z.input<typeof CreatePinSchema>;

/** `createPin` (the builders and the pin-create page). */
export async function createPin(body: CreatePinBody): Promise<CreatedPin> {
  return (await api.createPin({ body })).data;
}
