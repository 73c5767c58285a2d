import { and, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { int8Array } from '../../db/sql-helpers.ts';
import { boardSections } from '../../db/schema/boards.ts';
import { pins } from '../../db/schema/pins.ts';
import { slugFamilyPattern } from './board-writes.repository.ts';

/** The board's section slugs that are `base` or `base-…` (other than the section being renamed). */
export async function takenSectionSlugs(db: Executor, boardId: number, base: string, exceptId?: number) {
  const rows = await db
    .select({ slug: boardSections.slug })
    .from(boardSections)
    .where(
      and(
        eq(boardSections.boardId, boardId),
        or(eq(boardSections.slug, base), like(boardSections.slug, slugFamilyPattern(base))),
        exceptId === undefined ? undefined : ne(boardSections.id, exceptId),
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

/** Adds a section after the board's last one. */
export async function insertSection(db: Executor, section: { boardId: number; title: string; slug: string }) {
  const [row] = await db
    .insert(boardSections)
    .values({
      ...section,
      position: sql`(select coalesce(max(s.position) + 1, 0) from board_sections s where s.board_id = ${section.boardId})`,
    })
    .returning({ id: boardSections.id });
  return row!.id;
}

export async function renameSection(db: Executor, id: number, title: string, slug: string) {
  await db.update(boardSections).set({ title, slug }).where(eq(boardSections.id, id));
}

/** Deletes a section; its pins stay on the board with no section (the foreign key sets it null). */
export async function deleteSection(db: Executor, id: number) {
  await db.delete(boardSections).where(eq(boardSections.id, id));
}

export async function listSectionIds(db: Executor, boardId: number): Promise<number[]> {
  const rows = await db
    .select({ id: boardSections.id })
    .from(boardSections)
    .where(eq(boardSections.boardId, boardId));
  return rows.map((row) => row.id);
}

/** Rewrites the positions of a board's sections to the order of `ids` (0, 1, 2, ...) in one statement. */
export async function writeSectionPositions(db: Executor, boardId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update board_sections s set position = o.position - 1
    from unnest(${int8Array(ids)}) with ordinality as o(id, position)
    where s.id = o.id and s.board_id = ${boardId}`);
}

/** How many of `pinIds` are on the board. */
export async function countPinsOnBoard(db: Executor, boardId: number, pinIds: number[]): Promise<number> {
  if (pinIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pins)
    .where(and(eq(pins.boardId, boardId), inArray(pins.id, pinIds)));
  return row?.count ?? 0;
}

/** Moves pins of the board into one of its sections; counts follow by trigger. */
export async function movePinsIntoSection(
  db: Executor,
  boardId: number,
  sectionId: number,
  pinIds: number[],
) {
  if (pinIds.length === 0) return;
  await db
    .update(pins)
    .set({ sectionId })
    .where(and(eq(pins.boardId, boardId), inArray(pins.id, pinIds)));
}
