import type { Pin, PinImages, SavedTo, StoryPage, Video, ViewerSaved } from '@pinboard/shared';
import { RENDITION_NAMES } from '@pinboard/shared';
import { mediaUrl } from '../../lib/media-url.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { PinRow, ViewerSavedRow } from './pins.repository.ts';
import type { findBoardName, listSavesOf } from './repin.repository.ts';
import type { StoryPageRow } from './story-pages.repository.ts';

/**
 * A board's address, lower case (board links are lower-cased for logged-out viewers;
 * docs/product/site.md#what-visitors-see). One form for every viewer, so shared and cached answers agree; the
 * username part is matched without case and slugs are lower case already (decision 28).
 */
export function boardUrl(ownerUsername: string, slug: string): string {
  return `/${ownerUsername}/${slug}/`.toLowerCase();
}

export function presentImages(sizes: PinRow['imageSizes']): PinImages {
  const entries = RENDITION_NAMES.map((name) => {
    const { key, width, height } = sizes[name];
    return [name, { url: mediaUrl(key), width, height }] as const;
  });
  return Object.fromEntries(entries) as PinImages;
}

/** A video's MP4 and its poster's size (the poster is the pin's or page's picture). */
export function presentVideo(
  videoKey: string | null,
  durationMs: number | null,
  sizes: PinRow['imageSizes'],
): Video | null {
  if (!videoKey) return null;
  const { width, height } = sizes.orig;
  return { url: mediaUrl(videoKey), duration_ms: durationMs ?? 0, width, height };
}

export function presentStoryPage(row: StoryPageRow): StoryPage {
  return {
    images: presentImages(row.imageSizes),
    video: presentVideo(row.videoKey, row.videoDurationMs, row.imageSizes),
    text: row.text,
  };
}

/** Where the viewer saved a pin's picture: their own board (decision 44). */
export function presentViewerSaved(row: ViewerSavedRow | null): ViewerSaved | null {
  if (!row) return null;
  return {
    pin_id: String(row.pin_id),
    board_id: String(row.board_id),
    board_name: row.board_name,
    section_id: row.section_id === null ? null : String(row.section_id),
    section_title: row.section_title,
  };
}

/**
 * A save's creator, while their account is active (the query's left join finds no one
 * otherwise: its columns are then all null).
 */
function presentOriginPinner(row: PinRow) {
  const origin = row.originPinner as PinRow['originPinner'] | null;
  if (row.createdMethod !== 'repin' || origin?.id == null) return null;
  return presentUserSummary(origin);
}

/** A pin as lists show it: an idea pin carries its page count, not its pages. */
export function presentPin(row: PinRow): Pin {
  return presentPinWithPages(row, null);
}

/** A pin with an idea pin's pages: the closeup (`GET /v3/pins/{id}/`). */
export function presentPinWithPages(row: PinRow, storyPages: StoryPageRow[] | null): Pin {
  return {
    id: String(row.id),
    type: 'pin',
    title: row.title,
    description: row.description,
    alt_text: row.altText,
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
    origin_pinner: presentOriginPinner(row),
    viewer_saved: presentViewerSaved(row.viewerSaved),
    repin_count: row.repinCount,
    video: presentVideo(row.videoKey, row.videoDurationMs, row.imageSizes),
    story_page_count: row.storyPageCount,
    story_pages: storyPages ? storyPages.map(presentStoryPage) : null,
  };
}

/** A section named in a save or pin-create answer, or null when the pin is on the board itself. */
export function presentSectionName(section: { id: number | string; title: string } | null) {
  return section ? { id: String(section.id), title: section.title } : null;
}

type BoardNameRow = NonNullable<Awaited<ReturnType<typeof findBoardName>>>;
type SaveRow = Pick<
  Awaited<ReturnType<typeof listSavesOf>>[number],
  'pinId' | 'board' | 'ownerUsername' | 'section'
>;

/** The board a save went to, as the save answers name it. */
export function presentSavedToBoard(board: BoardNameRow) {
  return { id: String(board.id), name: board.name, url: boardUrl(board.ownerUsername, board.slug) };
}

export function presentSavedTo(row: SaveRow): SavedTo {
  return {
    pin_id: String(row.pinId),
    board: {
      id: String(row.board.id),
      name: row.board.name,
      url: boardUrl(row.ownerUsername, row.board.slug),
    },
    section: presentSectionName(row.section),
  };
}
