import type {
  BoardSection,
  BoardSectionOrder,
  CreateBoardSection,
  UpdateBoardSection,
} from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { uniqueViolation } from '../../db/sql-helpers.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearSignedOutAnswers } from '../../lib/signed-out-answers.ts';
import type { BoardWriteDeps } from './board-writes.service.ts';
import { authorize } from '../../policies/authorize.ts';
import { presentSection } from './boards.presenter.ts';
import { findSectionById } from './boards.repository.ts';
import {
  countPinsOnBoard,
  deleteSection as deleteSectionRow,
  insertSection,
  listSectionIds,
  movePinsIntoSection,
  renameSection as renameSectionRow,
  takenSectionSlugs,
  writeSectionPositions,
} from './section-writes.repository.ts';
import { findSectionBySlug, listBoardSections } from './sections.repository.ts';
import { firstFreeSlug, slugOf } from './slugs.ts';

const SLUG_ATTEMPTS = 3;

/** Writes with a slug unique on the board, trying again if another write took it meanwhile. */
async function withFreeSectionSlug<T>(
  db: Executor,
  boardId: number,
  name: string,
  exceptId: number | undefined,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  const base = slugOf(name, 'section');
  for (let attempt = 1; ; attempt++) {
    const slug = firstFreeSlug(base, await takenSectionSlugs(db, boardId, base, exceptId));
    try {
      return await write(slug);
    } catch (error) {
      if (uniqueViolation(error) !== 'board_sections_board_slug_key' || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

async function presentSectionBySlug(db: Executor, boardId: number, slug: string): Promise<BoardSection> {
  const found = await findSectionBySlug(db, boardId, slug);
  if (!found) throw new AppError('section_not_found');
  return presentSection(found);
}

/**
 * A section the viewer may write to, with its board: owner or collaborator. A section of a board
 * the viewer cannot see does not exist for them; a reader of a public board is forbidden.
 */
async function requireWritableSection(db: Executor, sectionId: number, viewerId: number) {
  const section = await findSectionById(db, sectionId);
  if (!section) throw new AppError('section_not_found');
  await authorize(db, viewerId, 'write', { sectionOfBoard: section.boardId });
  return section;
}

/**
 * Adds a section to a board the viewer owns or collaborates on, moving `initial_pins` (pins of
 * that board) into it. Duplicate names are allowed; the slug is made unique on the board.
 * `name_source` (typed, recommended, edited recommendation) is accepted and not stored yet.
 */
export async function createSection(
  deps: BoardWriteDeps,
  userId: number,
  boardId: number,
  input: CreateBoardSection,
): Promise<BoardSection> {
  await authorize(deps.db, userId, 'write', { board: boardId });
  const pinIds = [...new Set((input.initial_pins ?? []).map(Number))];
  // The slug is chosen outside the transaction: a unique violation aborts a PostgreSQL
  // transaction, so each attempt runs in its own.
  const slug = await deps.lock.run({ boardId }, 'create', () =>
    withFreeSectionSlug(deps.db, boardId, input.name, undefined, (free) =>
      deps.db.transaction(async (tx) => {
        if ((await countPinsOnBoard(tx, boardId, pinIds)) !== pinIds.length) {
          throw new AppError('section_pins_not_on_board');
        }
        const sectionId = await insertSection(tx, { boardId, title: input.name, slug: free });
        await movePinsIntoSection(tx, boardId, sectionId, pinIds);
        return free;
      }),
    ),
  );
  if (pinIds.length > 0) clearSignedOutAnswers();
  return presentSectionBySlug(deps.db, boardId, slug);
}

/** Renames a section (owner or collaborator); its slug follows the new name. */
export async function renameSection(
  deps: BoardWriteDeps,
  userId: number,
  sectionId: number,
  input: UpdateBoardSection,
): Promise<BoardSection> {
  const section = await requireWritableSection(deps.db, sectionId, userId);
  const slug = await deps.lock.run({ boardId: section.boardId }, 'update', async () => {
    if (input.name === section.title) return section.slug;
    return withFreeSectionSlug(deps.db, section.boardId, input.name, sectionId, async (free) => {
      await renameSectionRow(deps.db, sectionId, input.name, free);
      return free;
    });
  });
  return presentSectionBySlug(deps.db, section.boardId, slug);
}

/** Deletes a section (owner or collaborator); its pins stay on the board, outside any section. */
export async function deleteSection(deps: BoardWriteDeps, userId: number, sectionId: number) {
  const section = await requireWritableSection(deps.db, sectionId, userId);
  await deps.lock.run({ boardId: section.boardId }, 'delete', () => deleteSectionRow(deps.db, sectionId));
  clearSignedOutAnswers();
}

/**
 * Puts a board's sections in a new order (owner or collaborator). The list must name every
 * section of the board exactly once; positions are rewritten in one transaction.
 */
export async function reorderSections(
  deps: BoardWriteDeps,
  userId: number,
  boardId: number,
  input: BoardSectionOrder,
): Promise<BoardSection[]> {
  await authorize(deps.db, userId, 'write', { board: boardId });
  const ids = input.section_ids.map(Number);
  await deps.lock.run({ boardId }, 'update', () =>
    deps.db.transaction(async (tx) => {
      const current = new Set(await listSectionIds(tx, boardId));
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== current.size || ids.some((id) => !current.has(id))) {
        throw new AppError('section_order_mismatch');
      }
      await writeSectionPositions(tx, boardId, ids);
    }),
  );
  const rows = await listBoardSections(deps.db, { boardId, after: null, limit: ids.length });
  return rows.map(presentSection);
}
