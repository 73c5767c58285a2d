import { findHashtags, type Pin, type PinHidden, type UpdatePin } from '@pinboard/shared';
import type { Database, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { rejectAdsOfDeletedPin, reviewAdsOfPin } from '../business/ad-review.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { forgetRelatedCandidates } from './related-candidates.ts';
import type { BoardActionLock } from '../boards/board-action-lock.ts';
import { linkOf } from './pin-create.service.ts';
import {
  deleteHiddenPin,
  deleteOwnPin,
  insertHiddenPin,
  recoverBoardCover,
  updateOwnPin,
  type PinChanges,
} from './pin-edit.repository.ts';
import { findPinById, type PinRow } from './pins.repository.ts';
import { getPin } from './pins.service.ts';
import { assertSaveTarget } from './repin.service.ts';

export interface PinEditDeps {
  db: Database;
  lock: BoardActionLock;
}

/** A pin the viewer sees: missing as for any read when they may not; `forbidden` unless they pinned it. */
async function findOwnPin(db: Executor, pinId: number, viewer: number): Promise<PinRow> {
  const row = await findPinById(db, pinId, viewer);
  if (!row) throw new AppError('pin_not_found');
  if (row.pinner.id !== viewer) throw new AppError('forbidden');
  return row;
}

/** The fields the body changes, as the pin keeps them (a description's hashtags, a link's domain). */
function changesOf(body: UpdatePin): PinChanges {
  const changes: PinChanges = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) {
    changes.description = body.description;
    changes.hashtags = findHashtags(body.description);
  }
  if (body.alt_text !== undefined) changes.altText = body.alt_text;
  // The same rule as creating a pin: http(s) only; an empty link removes it.
  if (body.link !== undefined) Object.assign(changes, linkOf(body.link));
  return changes;
}

/** The section named, else the one it is in when it stays on its board, else the board's top level. */
function sectionAfterEdit(body: UpdatePin, sameBoard: boolean, currentSectionId: number | null) {
  if (body.section_id !== undefined) return body.section_id ? Number(body.section_id) : null;
  return sameBoard ? currentSectionId : null;
}

/**
 * `PATCH /v3/pins/{id}/`: its pinner edits the text and moves it. A move needs write access to the
 * board it goes to (and its section must be of that board) and holds the board action lock of both
 * boards, as a bulk move does; a board already holding a save of the same pin refuses it.
 */
export async function updatePin(
  { db, lock }: PinEditDeps,
  viewer: number,
  pinId: number,
  body: UpdatePin,
): Promise<Pin> {
  const current = await findOwnPin(db, pinId, viewer);
  const changes = changesOf(body);
  const fromBoardId = current.board.id;
  const toBoardId = body.board_id ? Number(body.board_id) : fromBoardId;
  const currentSectionId = current.section?.id ?? null;
  const toSectionId = sectionAfterEdit(body, toBoardId === fromBoardId, currentSectionId);
  const moves = toBoardId !== fromBoardId || toSectionId !== currentSectionId;
  if (moves) await assertSaveTarget(db, toBoardId, toSectionId, viewer);

  const write = () =>
    db.transaction(async (tx) => {
      if (moves) {
        await assertSaveTarget(tx, toBoardId, toSectionId, viewer);
        changes.boardId = toBoardId;
        changes.sectionId = toSectionId;
      }
      let found: boolean;
      try {
        found = await updateOwnPin(tx, pinId, viewer, changes);
      } catch (error) {
        // A save of the same pin is already on that board (one per board: migration 0007).
        if (uniqueViolation(error) === 'pins_board_via_pin_key') {
          throw new AppError('pin_already_on_board', { field: 'board_id' });
        }
        throw error;
      }
      if (!found) throw new AppError('pin_not_found');
      if (toBoardId !== fromBoardId) await recoverBoardCover(tx, fromBoardId, current.imageId);
    });
  if (toBoardId === fromBoardId) await write();
  else {
    await lock.run({ boardId: fromBoardId }, 'update', () =>
      lock.run({ boardId: toBoardId }, 'update', write),
    );
  }
  // A promoted pin moved to a secret board or given a blocked link is reviewed again.
  await reviewAdsOfPin(db, pinId);
  // Visitors' cached pin, board and feed answers and pages show the pin as it is now.
  clearSignedOutAnswers();
  // Its text, tags or board may make it related to other pins, or no longer (decision 58).
  forgetRelatedCandidates();
  return getPin(db, pinId, viewer);
}

/**
 * `DELETE /v3/pins/{id}/`: its pinner deletes it. Counts follow by trigger; saves of it stay, still
 * naming it as their origin (decision 43); a cover taken from its picture moves on.
 */
export async function deletePin({ db }: PinEditDeps, viewer: number, pinId: number): Promise<void> {
  await findOwnPin(db, pinId, viewer);
  await db.transaction(async (tx) => {
    await rejectAdsOfDeletedPin(tx, pinId);
    const deleted = await deleteOwnPin(tx, pinId, viewer);
    if (!deleted) throw new AppError('pin_not_found');
    await recoverBoardCover(tx, deleted.boardId, deleted.imageId);
  });
  clearSignedOutAnswers();
  forgetRelatedCandidates();
}

/**
 * 'See fewer like this' (and its undo): a pin the viewer may see, kept with its picture so the home
 * feed leaves out every pin of it. Only the viewer's own feed changes, and that is never cached.
 */
export async function setPinHidden(
  db: Executor,
  viewer: number,
  pinId: number,
  hidden: boolean,
): Promise<PinHidden> {
  const row = await findPinById(db, pinId, viewer);
  if (!row) throw new AppError('pin_not_found');
  if (hidden) await insertHiddenPin(db, viewer, pinId, row.imageId);
  else await deleteHiddenPin(db, viewer, pinId);
  return { pin_id: String(pinId), hidden };
}
