import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { hiddenPins } from '../../db/schema/pin-feedback.ts';
import { pins } from '../../db/schema/pins.ts';
import { pinNotRemovedAs } from '../../policies/visibility.ts';

export interface PinChanges {
  title?: string;
  description?: string;
  hashtags?: string[];
  altText?: string;
  link?: string | null;
  domain?: string | null;
  boardId?: number;
  sectionId?: number | null;
}

/**
 * Writes the changes to a pin of `pinnerId`; answers whether it was still there. Board and section
 * counts follow by trigger (migration 0001), the search vector too (0010).
 */
export async function updateOwnPin(
  db: Executor,
  pinId: number,
  pinnerId: number,
  changes: PinChanges,
): Promise<boolean> {
  const rows = await db
    .update(pins)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(pins.id, pinId), eq(pins.pinnerId, pinnerId)))
    .returning({ id: pins.id });
  return rows.length > 0;
}

/** Deletes a pin of `pinnerId`; answers its board and picture, or null when it was gone. */
export async function deleteOwnPin(db: Executor, pinId: number, pinnerId: number) {
  const [row] = await db
    .delete(pins)
    .where(and(eq(pins.id, pinId), eq(pins.pinnerId, pinnerId)))
    .returning({ boardId: pins.boardId, imageId: pins.imageId });
  return row ?? null;
}

/**
 * After a pin left a board (or was removed by an operator): a cover the board took from that picture (not one its owner chose)
 * becomes its newest pin's picture, or none, once no pin of the board has the picture.
 */
export async function recoverBoardCover(db: Executor, boardId: number, imageId: number): Promise<void> {
  await db
    .update(boards)
    .set({
      coverImageId: sql`(select p.image_id from pins p where p.board_id = ${boardId} and ${pinNotRemovedAs('p')}
        order by p.id desc limit 1)`,
    })
    .where(
      and(
        eq(boards.id, boardId),
        eq(boards.hasCustomCover, false),
        eq(boards.coverImageId, imageId),
        sql`not exists (select 1 from pins p where p.board_id = ${boardId} and p.image_id = ${imageId}
          and ${pinNotRemovedAs('p')})`,
      ),
    );
}

export async function insertHiddenPin(db: Executor, userId: number, pinId: number, imageId: number) {
  await db.insert(hiddenPins).values({ userId, pinId, imageId }).onConflictDoNothing();
}

export async function deleteHiddenPin(db: Executor, userId: number, pinId: number) {
  await db.delete(hiddenPins).where(and(eq(hiddenPins.userId, userId), eq(hiddenPins.pinId, pinId)));
}
