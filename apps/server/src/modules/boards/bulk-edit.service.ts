import type { BulkEditBody, BulkEditResult } from '@pinboard/shared';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { forgetRelatedCandidates } from '../pins/related-candidates.ts';
import { presentPin } from '../pins/pins.presenter.ts';
import type { BoardActionLock } from './board-action-lock.ts';
import { authorize } from '../../policies/authorize.ts';
import { findBoardPinCounts, listMovedPins, movePins, sectionBelongsTo } from './bulk-edit.repository.ts';
import { presentBoardPinCount } from './boards.presenter.ts';

const idOrNull = (id: string | null | undefined) => (id ? Number(id) : null);

export interface BulkEditDeps {
  db: Database;
  lock: BoardActionLock;
}

/**
 * Moves pins from a board (or one of its sections) to a board or section, all or none, in one
 * transaction. The viewer needs write access to both boards; every pin must be where the call
 * says it is; moving to the board and section the pins are in is refused (docs/product/saving.md#rules).
 * A move is an update of both boards: while another action holds either, it is refused with
 * 'Please wait until the previous board action finishes.' (2172).
 */
export async function bulkMovePins(
  { db, lock }: BulkEditDeps,
  viewerId: number,
  body: BulkEditBody,
): Promise<BulkEditResult> {
  const move = {
    pinIds: [...new Set(body.pin_ids.map(Number))],
    fromBoardId: Number(body.board_id),
    fromSectionId: idOrNull(body.old_section_id),
    toBoardId: Number(body.new_board_id),
    toSectionId: idOrNull(body.new_section_id),
  };
  if (move.fromBoardId === move.toBoardId && move.fromSectionId === move.toSectionId) {
    throw new AppError('move_to_same_place');
  }
  // Checked before taking the locks too, so nobody without access can hold a board's lock.
  await authorize(db, viewerId, 'write', { board: move.fromBoardId });
  await authorize(db, viewerId, 'write', { board: move.toBoardId });
  const moveInTransaction = () =>
    db.transaction(async (tx) => {
      await authorize(tx, viewerId, 'write', { board: move.fromBoardId });
      await authorize(tx, viewerId, 'write', { board: move.toBoardId });
      if (
        move.fromSectionId !== null &&
        !(await sectionBelongsTo(tx, move.fromSectionId, move.fromBoardId))
      ) {
        throw new AppError('section_not_found', { field: 'old_section_id' });
      }
      if (move.toSectionId !== null && !(await sectionBelongsTo(tx, move.toSectionId, move.toBoardId))) {
        throw new AppError('section_not_found', { field: 'new_section_id' });
      }
      let moved: number[];
      try {
        moved = await movePins(tx, move);
      } catch (error) {
        // A save of the same pin is already on the target board (one pin per board: migration 0007).
        if (uniqueViolation(error) === 'pins_board_via_pin_key') throw new AppError('pin_already_on_board');
        throw error;
      }
      // Throwing rolls the whole move back: a pin elsewhere means the caller's view is stale.
      if (moved.length !== move.pinIds.length) throw new AppError('pins_not_on_board');
    });
  await lock.run({ boardId: move.fromBoardId }, 'update', () =>
    move.toBoardId === move.fromBoardId
      ? moveInTransaction()
      : lock.run({ boardId: move.toBoardId }, 'update', moveInTransaction),
  );
  // Pins left one board for another, perhaps a secret one: visitors stop seeing them here at once.
  clearSignedOutAnswers();
  // 'More like this' lists by board (decision 58).
  forgetRelatedCandidates();
  const rows = await listMovedPins(db, move.pinIds, viewerId);
  const counts = await findBoardPinCounts(db, [move.fromBoardId, move.toBoardId]);
  return {
    pins: rows.map(presentPin),
    board: presentBoardPinCount(move.fromBoardId, counts),
    new_board: presentBoardPinCount(move.toBoardId, counts),
  };
}
