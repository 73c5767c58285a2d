import type { Board, BoardPrivacy, CreateBoard, UpdateBoard } from '@pinboard/shared';
import type { Database, Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { rejectAdsOnDeletedBoard, reviewAdsOnBoard } from '../business/ad-review.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import { forgetRelatedCandidates } from '../pins/related-candidates.ts';
import type { BoardActionLock } from './board-action-lock.ts';
import {
  deleteBoard as deleteBoardRow,
  findUsernameById,
  insertBoard,
  setBoardArchived,
  setCollaboratorArchived,
  takenBoardSlugs,
  updateBoard as updateBoardRow,
  type BoardChanges,
} from './board-writes.repository.ts';
import { authorize } from '../../policies/authorize.ts';
import { getBoard } from './boards.service.ts';
import { findBoardById } from './boards.repository.ts';
import { firstFreeSlug, slugOf } from './slugs.ts';

export interface BoardWriteDeps {
  db: Database;
  lock: BoardActionLock;
}

// A concurrent create or rename can take the slug between the look-up and the write; the
// unique index refuses it and the next attempt sees it taken.
const SLUG_ATTEMPTS = 3;

/** Writes with a slug unique per owner, trying again if another write took it meanwhile. */
async function withFreeBoardSlug<T>(
  db: Executor,
  ownerId: number,
  name: string,
  exceptId: number | undefined,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  const base = slugOf(name, 'board');
  for (let attempt = 1; ; attempt++) {
    const slug = firstFreeSlug(base, await takenBoardSlugs(db, ownerId, base, exceptId));
    try {
      return await write(slug);
    } catch (error) {
      if (uniqueViolation(error) !== 'boards_owner_slug_key' || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/** The privacy a new board gets: an ad account's boards are protected, and cannot be public. */
function privacyOfNewBoard(input: CreateBoard): BoardPrivacy {
  if (input.advertiser_id === undefined) {
    if (input.privacy === 'protected') throw new AppError('board_privacy_locked');
    return input.privacy ?? 'public';
  }
  // No advertiser table yet: an advertiser_id marks a board created for an ad account by a viewer
  // who is not its owner (docs/product/boards.md#who-may-do-what), whose secret toggle is locked on.
  if (input.privacy === 'public') throw new AppError('board_privacy_locked');
  return 'protected';
}

/**
 * Creates a board for the viewer: name trimmed, public unless the toggle says secret, protected
 * for an ad account; its slug is unique among the owner's boards. Answers it as reads show it.
 */
export async function createBoard(deps: BoardWriteDeps, ownerId: number, input: CreateBoard): Promise<Board> {
  if (input.username !== undefined) {
    const username = await findUsernameById(deps.db, ownerId);
    if (username?.toLowerCase() !== input.username.toLowerCase()) throw new AppError('board_owner_mismatch');
  }
  const privacy = privacyOfNewBoard(input);
  const id = await deps.lock.run({ creatorId: ownerId }, 'create', () =>
    withFreeBoardSlug(deps.db, ownerId, input.name, undefined, (slug) =>
      insertBoard(deps.db, {
        ownerId,
        name: input.name,
        slug,
        description: input.description ?? '',
        privacy,
      }),
    ),
  );
  return getBoard(deps.db, id, ownerId);
}

/** Renames, describes or changes the privacy of a board: its owner only. A rename moves its slug. */
export async function updateBoard(
  deps: BoardWriteDeps,
  userId: number,
  boardId: number,
  input: UpdateBoard,
): Promise<Board> {
  await authorize(deps.db, userId, 'manage', { board: boardId });
  await deps.lock.run({ boardId }, 'update', async () => {
    const board = await findBoardById(deps.db, boardId, userId);
    if (!board) throw new AppError('board_not_found');
    if (input.privacy !== undefined && board.privacy === 'protected' && input.privacy !== 'secret') {
      throw new AppError('board_privacy_locked');
    }
    const changes: BoardChanges = {};
    if (input.description !== undefined) changes.description = input.description;
    // A protected board stays protected: its toggle is locked on.
    if (input.privacy !== undefined && board.privacy !== 'protected') changes.privacy = input.privacy;
    if (input.name !== undefined && input.name !== board.name) {
      const name = input.name;
      await withFreeBoardSlug(deps.db, userId, name, boardId, (slug) =>
        updateBoardRow(deps.db, boardId, { ...changes, name, slug }),
      );
    } else if (Object.keys(changes).length > 0) {
      await updateBoardRow(deps.db, boardId, changes);
    }
  });
  // A board turned secret takes its promoted pins out of review's approval (and back when public).
  if (input.privacy !== undefined) await reviewAdsOnBoard(deps.db, boardId);
  clearSignedOutAnswers();
  // A new name changes its pins' search vectors: 'More like this' by words (decision 58).
  if (input.name !== undefined) forgetRelatedCandidates();
  return getBoard(deps.db, boardId, userId);
}

/** Deletes a board with its pins and sections: its owner only. */
export async function deleteBoard(deps: BoardWriteDeps, userId: number, boardId: number) {
  await authorize(deps.db, userId, 'manage', { board: boardId });
  await deps.lock.run({ boardId }, 'delete', async () => {
    await rejectAdsOnDeletedBoard(deps.db, boardId);
    await deleteBoardRow(deps.db, boardId);
  });
  clearSignedOutAnswers();
  forgetRelatedCandidates();
}

/**
 * Archives or unarchives a board: the owner for everyone (boards.archived_at), a collaborator
 * for themselves only (their board_collaborators.archived_at). Doing it twice changes nothing.
 */
export async function setBoardArchive(
  deps: BoardWriteDeps,
  userId: number,
  boardId: number,
  archived: boolean,
): Promise<Board> {
  const access = await authorize(deps.db, userId, 'write', { board: boardId });
  await deps.lock.run({ boardId }, 'update', () =>
    access === 'owner'
      ? setBoardArchived(deps.db, boardId, archived)
      : setCollaboratorArchived(deps.db, boardId, userId, archived),
  );
  clearSignedOutAnswers();
  return getBoard(deps.db, boardId, userId);
}
