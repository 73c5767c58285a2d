import type { Pin, PinImages } from '@pinboard/shared';
import { RENDITION_NAMES } from '@pinboard/shared';
import { mediaUrl } from '../../lib/media-url.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { PinRow } from './pins.repository.ts';

export function boardUrl(ownerUsername: string, slug: string): string {
  return `/${ownerUsername}/${slug}/`;
}

function presentImages(sizes: PinRow['imageSizes']): PinImages {
  const entries = RENDITION_NAMES.map((name) => {
    const { key, width, height } = sizes[name];
    return [name, { url: mediaUrl(key), width, height }] as const;
  });
  return Object.fromEntries(entries) as PinImages;
}

export function presentPin(row: PinRow): Pin {
  return {
    id: String(row.id),
    type: 'pin',
    title: row.title,
    description: row.description,
    link: row.link,
    domain: row.domain,
    hashtags: row.hashtags,
    dominant_color: row.dominantColor,
    images: presentImages(row.imageSizes),
    embed: row.embedSrc && row.embedType ? { src: row.embedSrc, type: row.embedType } : null,
    created_method: row.createdMethod,
    created_at: row.createdAt.toISOString(),
    pinner: presentUserSummary(row.pinner),
    board: {
      id: String(row.board.id),
      name: row.board.name,
      url: boardUrl(row.boardOwnerUsername, row.board.slug),
      privacy: row.board.privacy,
    },
    section: row.section
      ? { id: String(row.section.id), title: row.section.title, slug: row.section.slug }
      : null,
    via_pin_id: row.viaPinId === null ? null : String(row.viaPinId),
    repin_count: row.repinCount,
  };
}
