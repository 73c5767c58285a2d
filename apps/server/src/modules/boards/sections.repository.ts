import { and, asc, eq, sql } from 'drizzle-orm';
import type { RenditionName } from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { int8Array, selectRows } from '../../db/sql-helpers.ts';
import { boardSections } from '../../db/schema/boards.ts';
import type { StoredRendition } from '../../db/schema/images.ts';

const PREVIEW_PINS = 3;

export interface SectionPageQuery {
  boardId: number;
  /** [position, id] of the last section of the previous page. */
  after: [number, number] | null;
  limit: number;
}

/** A board's sections in their order, each with its latest pins' images for the preview. */
export async function listBoardSections(db: Executor, page: SectionPageQuery) {
  const rows = await db
    .select()
    .from(boardSections)
    .where(
      and(
        eq(boardSections.boardId, page.boardId),
        page.after
          ? sql`(${boardSections.position}, ${boardSections.id}) > (${page.after[0]}, ${page.after[1]})`
          : undefined,
      ),
    )
    .orderBy(asc(boardSections.position), asc(boardSections.id))
    .limit(page.limit);
  return withPreviews(db, rows);
}

/** One section of a board by its slug, with its preview images. */
export async function findSectionBySlug(db: Executor, boardId: number, slug: string) {
  const rows = await db
    .select()
    .from(boardSections)
    .where(and(eq(boardSections.boardId, boardId), eq(boardSections.slug, slug)))
    .limit(1);
  const [found] = await withPreviews(db, rows);
  return found ?? null;
}

export async function findSectionWithPreviewsById(db: Executor, id: number) {
  const rows = await db.select().from(boardSections).where(eq(boardSections.id, id)).limit(1);
  const [found] = await withPreviews(db, rows);
  return found ?? null;
}

export type SectionWithPreviews = Awaited<ReturnType<typeof withPreviews>>[number];

/** The latest pins' images of each section, in one query for all of them. */
async function withPreviews(db: Executor, rows: (typeof boardSections.$inferSelect)[]) {
  if (rows.length === 0) return [];
  const previews = await selectRows<{ section_id: number; sizes: Record<RenditionName, StoredRendition> }>(
    db,
    sql`
    select s.id as section_id, t.sizes
    from unnest(${int8Array(rows.map((row) => Number(row.id)))}) as s(id)
    cross join lateral (
      select i.sizes from pins p join images i on i.id = p.image_id
      where p.section_id = s.id order by p.id desc limit ${PREVIEW_PINS}
    ) t`,
  );
  const bySection = new Map<number, Record<RenditionName, StoredRendition>[]>();
  for (const preview of previews) {
    const id = Number(preview.section_id);
    bySection.set(id, [...(bySection.get(id) ?? []), preview.sizes]);
  }
  return rows.map((section) => ({ section, previews: bySection.get(section.id) ?? [] }));
}
