import type { RenditionName } from '@pinboard/shared';
import type { StoredRendition } from '../db/schema/images.ts';

/** Public URL of a stored media key; media is served under /media/ (see plugins/media.ts). */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

export function renditionUrl(sizes: Record<RenditionName, StoredRendition> | null, name: RenditionName) {
  const rendition = sizes?.[name];
  return rendition ? mediaUrl(rendition.key) : null;
}
