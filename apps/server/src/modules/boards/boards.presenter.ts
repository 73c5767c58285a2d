import type { Board, BoardSection, PickerBoard } from '@pinboard/shared';
import { mediaUrl, renditionUrl } from '../../lib/media-url.ts';
import { boardUrl } from '../pins/pins.presenter.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { UserSummaryRow } from '../users/users.repository.ts';
import type { BoardExtras, BoardRow } from './boards.repository.ts';
import type { PickerBoardRow } from './picker.repository.ts';
import type { SectionWithPreviews } from './sections.repository.ts';

export function presentBoard(row: BoardRow, extras: BoardExtras, viewerId: number | null): Board {
  const thumbnails = extras.thumbnails.get(row.id) ?? [];
  const isOwner = viewerId === row.owner.id;
  const coverSizes = row.coverSizes ?? thumbnails[0]?.sizes ?? null;
  return {
    id: String(row.id),
    type: 'board',
    name: row.name,
    description: row.description,
    url: boardUrl(row.owner.username, row.slug),
    privacy: row.privacy,
    layout: row.layout,
    owner: presentUserSummary(row.owner),
    is_collaborative: row.isCollaborative,
    collaborated_by_me: row.collaboratedByMe,
    collaborating_users: (extras.collaborators.get(row.id) ?? []).map(presentUserSummary),
    collaborator_count: row.collaboratorCount,
    pin_count: row.pinCount,
    section_count: row.sectionCount,
    follower_count: row.followerCount,
    followed_by_me: row.followedByMe,
    image_cover_url: renditionUrl(coverSizes, '236x'),
    cover_images: coverSizes
      ? [{ url: mediaUrl(coverSizes['236x'].key), ...dimensions(coverSizes['236x']) }]
      : [],
    images: {
      '170x': thumbnails.map((thumb) => ({
        url: mediaUrl(thumb.sizes['236x'].key),
        dominant_color: thumb.dominantColor,
      })),
    },
    has_custom_cover: row.hasCustomCover,
    archived_by_me_at: isOwner
      ? (row.archivedAt?.toISOString() ?? null)
      : row.myCollaboratorArchivedAt && new Date(row.myCollaboratorArchivedAt).toISOString(),
    created_at: row.createdAt.toISOString(),
    board_order_modified_at: row.boardOrderModifiedAt?.toISOString() ?? null,
    last_pinned_to_at: row.lastPinnedToAt?.toISOString() ?? null,
  };
}

function dimensions(rendition: { width: number; height: number }) {
  return { width: rendition.width, height: rendition.height };
}

export function presentSection({ section, previews }: SectionWithPreviews): BoardSection {
  return {
    id: String(section.id),
    type: 'board_section',
    board_id: String(section.boardId),
    title: section.title,
    slug: section.slug,
    pin_count: section.pinCount,
    preview_pins: previews.map((sizes) => ({
      image_medium_url: mediaUrl(sizes['236x'].key),
      image_square_url: mediaUrl(sizes['236x'].key),
      image_square_size_pixels: dimensions(sizes['236x']),
    })),
  };
}

/** A board in the picker, with what the picker's other queries found for it. */
export function presentPickerBoard(
  row: PickerBoardRow,
  extras: {
    collaborators: UserSummaryRow[];
    sections: { id: number; title: string }[];
    hasPin: boolean;
  },
): PickerBoard {
  return {
    id: String(row.id),
    name: row.name,
    url: boardUrl(row.ownerUsername, row.slug),
    privacy: row.privacy,
    owner: { id: String(row.ownerId), username: row.ownerUsername },
    is_collaborative: row.isCollaborative,
    collaborated_by_me: row.collaboratedByMe,
    collaborating_users: extras.collaborators.map(presentUserSummary),
    collaborator_count: row.collaboratorCount,
    pin_count: row.pinCount,
    section_count: row.sectionCount,
    image_cover_url: renditionUrl(row.coverSizes, '236x'),
    last_pinned_to_at: row.lastPinnedToAt?.toISOString() ?? null,
    sections: extras.sections.map((section) => ({ id: String(section.id), title: section.title })),
    has_pin: extras.hasPin,
  };
}

/** A board's new pin count after pins moved; a board the count query did not return has none. */
export function presentBoardPinCount(boardId: number, counts: Map<number, number>) {
  return { id: String(boardId), pin_count: counts.get(boardId) ?? 0 };
}
