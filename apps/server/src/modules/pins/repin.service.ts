import { findHashtags, type RepinBody, type RepinResult, type SavedTo } from '@pinboard/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authorize } from '../../policies/authorize.ts';
import { afterNotificationsAdded, saveNotifications } from '../notifications/notify.ts';
import { officialUserToFollow } from '../settings/website-claims.service.ts';
import { presentPin, presentSavedTo, presentSavedToBoard, presentSectionName } from './pins.presenter.ts';
import { findPinById, type PinRow } from './pins.repository.ts';
import {
  coverBoardCountPinsAndNotify,
  findSectionOfBoard,
  insertRepin,
  listSavesOfVisiblePin,
  type RepinSource,
} from './repin.repository.ts';

/**
 * The board a pin is saved or created on (its owner or a collaborator may) and, when given, a
 * section of that board.
 */
export async function assertSaveTarget(
  db: Executor,
  boardId: number,
  sectionId: number | null,
  viewer: number,
) {
  await authorize(db, viewer, 'write', { board: boardId });
  if (sectionId === null) return null;
  const section = await findSectionOfBoard(db, sectionId, boardId);
  if (!section) throw new AppError('section_not_found', { field: 'section_id' });
  return section;
}

/** What a save copies, from the pin read for the viewer. */
function repinSourceOf(row: PinRow): RepinSource {
  return {
    id: row.id,
    pinnerId: row.pinner.id,
    // A save of a save credits the creator, not the person in between (decision 44).
    originPinnerId: row.createdMethod === 'repin' ? row.originPinnerId : row.pinner.id,
    title: row.title,
    description: row.description,
    link: row.link,
    domain: row.domain,
    hashtags: row.hashtags,
    imageId: row.imageId,
    dominantColor: row.dominantColor,
    embedSrc: row.embedSrc,
    embedType: row.embedType,
    videoKey: row.videoKey,
    videoDurationMs: row.videoDurationMs,
    storyPageCount: row.storyPageCount,
  };
}

/**
 * Saves a pin the viewer can see to a board they own or collaborate on, optionally into one of
 * its sections. Saving the same pin to the same board again (or a hundred times at once)
 * answers the pin already there. Counts follow by trigger; the cover as docs/product/saving.md#rules says.
 */
export async function repinPin(
  db: Database,
  pinId: number,
  viewer: number,
  body: RepinBody,
): Promise<RepinResult> {
  const boardId = Number(body.board_id);
  const sectionId = body.section_id ? Number(body.section_id) : null;
  // The source is read with the viewer's rights: a pin on someone's secret board is 404.
  const visible = await findPinById(db, pinId, viewer);
  if (!visible) throw new AppError('pin_not_found');
  const source = repinSourceOf(visible);

  const saved = await db.transaction(async (tx) => {
    await assertSaveTarget(tx, boardId, sectionId, viewer);
    const description = body.description ?? source.description;
    const { id, inserted } = await insertRepin(tx, {
      source,
      pinnerId: viewer,
      boardId,
      sectionId,
      title: body.title ?? source.title,
      description,
      hashtags: body.description === undefined ? source.hashtags : findHashtags(description),
    });
    if (!inserted) return { id, inserted, isFirstSave: false, notified: [] };
    // The save's notifications are written with it (decision 66): what it tells is never lost.
    const { pinCount, added } = await coverBoardCountPinsAndNotify(
      tx,
      { boardId, imageId: source.imageId, sectionChosen: sectionId !== null, pinnerId: viewer },
      saveNotifications({ pinId: source.id, pinnerId: source.pinnerId, actorId: viewer, boardId }),
    );
    return { id, inserted, isFirstSave: pinCount === 1, notified: added };
  });
  // What visitors are shown of the board (its pins, cover, the source's count) follows within the
  // second their answers are kept: a save adds, it never hides, so it clears no cache (decision 16).
  afterNotificationsAdded(db, saved.notified);

  const row = await findPinById(db, saved.id, viewer);
  if (!row) throw new AppError('pin_not_found');
  const pin = presentPin(row);
  return {
    pin,
    // The save is on the board asked for (a board holds one save of a pin).
    board: presentSavedToBoard({ ...row.board, ownerUsername: row.boardOwnerUsername }),
    // The pin's own section: an existing save answers where it is, not where this call asked.
    section: presentSectionName(pin.section),
    is_first_save: saved.isFirstSave,
    already_saved: !saved.inserted,
    link_domain_official_user: await officialUserToFollow(db, pin.link, viewer),
  };
}

/** The viewer's boards a pin (or a save of it) is already on; empty for a visitor. */
export async function listSavedTo(db: Database, pinId: number, viewerId: number | null): Promise<SavedTo[]> {
  if (viewerId === null) {
    if (!(await findPinById(db, pinId, null))) throw new AppError('pin_not_found');
    return [];
  }
  // Whether the pin may be seen and the saves, in one statement (the closeup asks on every open).
  const rows = await listSavesOfVisiblePin(db, pinId, viewerId);
  if (!rows) throw new AppError('pin_not_found');
  return rows.map(presentSavedTo);
}
