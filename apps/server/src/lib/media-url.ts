import type { RenditionName } from '@pinboard/shared';
import { isMediaKey, type MediaStorage } from '../adapters/storage/storage.ts';
import type { StoredRendition } from '../db/schema/images.ts';

const localMediaUrl = (key: string) => `/media/${key}`;
// The storages of the apps open in this process, newest last; media URLs follow the newest.
const openStorages: Pick<MediaStorage, 'urlFor'>[] = [];

/**
 * Makes `mediaUrl` answer with `storage`'s URLs (a bucket or CDN address on S3) until the
 * returned function is called. buildApp calls it with the app's storage: a process serves one
 * app, and presenters turn keys into URLs without being handed the storage.
 */
export function useMediaUrlsOf(storage: Pick<MediaStorage, 'urlFor'>): () => void {
  const entry = { urlFor: (key: string) => storage.urlFor(key) };
  openStorages.push(entry);
  return () => {
    const at = openStorages.indexOf(entry);
    if (at !== -1) openStorages.splice(at, 1);
  };
}

/** Public URL of a stored media key: under /media/ here (plugins/media.ts), or the storage's. */
export function mediaUrl(key: string): string {
  const newest = openStorages[openStorages.length - 1];
  return newest ? newest.urlFor(key) : localMediaUrl(key);
}

export function renditionUrl(sizes: Record<RenditionName, StoredRendition> | null, name: RenditionName) {
  const rendition = sizes?.[name];
  return rendition ? mediaUrl(rendition.key) : null;
}

/**
 * The key behind one of this app's own media URLs (what `mediaUrl` gives, absolute or on
 * `publicUrl`), or null for any other URL. The server reads such media from its storage rather
 * than fetching its own URLs over the network, which may be private (a bucket on the local
 * network) or this very server.
 */
export function ownMediaKey(url: string, publicUrl: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, publicUrl);
  } catch {
    return null;
  }
  const key = parsed.pathname.split('/').slice(-3).join('/');
  if (!isMediaKey(key)) return null;
  return new URL(mediaUrl(key), publicUrl).href === parsed.href ? key : null;
}
