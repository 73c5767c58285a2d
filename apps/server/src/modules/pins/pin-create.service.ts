import { findHashtags } from '@pinboard/shared';
import type { CreatedPin, CreatePin } from '@pinboard/shared/pin-create';
import { AppError } from '../../lib/app-error.ts';
import type { UploadDeps } from '../media/uploads.service.ts';
import { resolvePinPicture } from './pin-media.service.ts';
import { insertCreatedPin } from './pin-create.repository.ts';
import { presentSavedToBoard, presentSectionName } from './pins.presenter.ts';
import { coverBoardWithPin, findBoardName } from './repin.repository.ts';
import { assertSaveTarget } from './repin.service.ts';
import { insertStoryPages } from './story-pages.repository.ts';
import { notifyPinAdded } from '../notifications/notify.ts';

const SOURCES = ['media_upload_id', 'image_url', 'image_base64', 'story_pages'] as const;

/** Exactly one of the four picture sources. */
function assertOneSource(body: CreatePin): void {
  const given = SOURCES.filter((source) => body[source] !== undefined);
  if (given.length === 0) throw new AppError('pin_media_required');
  if (given.length > 1) throw new AppError('pin_media_conflict', { detail: given.join(', ') });
}

/** An http(s) link and its domain as pins keep it: the host without `www.`. */
export function linkOf(raw: string | null | undefined): { link: string | null; domain: string | null } {
  const trimmed = raw?.trim();
  if (!trimmed) return { link: null, domain: null };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError('pin_link_invalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new AppError('pin_link_invalid');
  }
  return { link: url.href, domain: url.hostname.replace(/^www\./, '') };
}

/**
 * `POST /v3/pins/`: a new pin from the viewer's own media on a board they may save to. The
 * board is checked before any media work and again in the writing transaction; counts follow by
 * trigger and the cover as for a save (docs/product/creating.md#rules). `advertiser_id` is accepted and, as
 * for saves, recorded nowhere yet.
 */
export async function createPin(deps: UploadDeps, viewer: number, body: CreatePin): Promise<CreatedPin> {
  const boardId = Number(body.board_id);
  const sectionId = body.section_id ? Number(body.section_id) : null;
  assertOneSource(body);
  const { link, domain } = linkOf(body.link);
  await assertSaveTarget(deps.db, boardId, sectionId, viewer);
  const picture = await resolvePinPicture(deps, viewer, body);

  const created = await deps.db.transaction(async (tx) => {
    const section = await assertSaveTarget(tx, boardId, sectionId, viewer);
    const { id } = await insertCreatedPin(tx, {
      pinnerId: viewer,
      boardId,
      sectionId,
      title: body.title,
      description: body.description,
      link,
      domain,
      hashtags: findHashtags(body.description),
      imageId: picture.imageId,
      dominantColor: picture.dominantColor,
      videoKey: picture.videoKey,
      videoDurationMs: picture.videoDurationMs,
      storyPageCount: picture.pages.length,
      createdMethod: body.method,
    });
    await insertStoryPages(tx, id, picture.pages);
    await coverBoardWithPin(tx, boardId, picture.imageId, sectionId !== null);
    return { id, section };
  });
  // Visitors see the new pin within the second their answers are kept: an addition clears no
  // cache (decision 16).
  await notifyPinAdded(deps.db, { boardId, actorId: viewer });

  const board = await findBoardName(deps.db, boardId);
  if (!board) throw new AppError('board_not_found');
  return {
    id: String(created.id),
    board: presentSavedToBoard(board),
    section: presentSectionName(created.section),
  };
}
