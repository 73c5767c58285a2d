import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boards, boardSections } from '../../db/schema/boards.ts';
import { pins } from '../../db/schema/pins.ts';
import { listPinsNewestFirst } from '../pins/pins.repository.ts';

export async function sectionBelongsTo(db: Executor, sectionId: number, boardId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: boardSections.id })
    .from(boardSections)
    .where(and(eq(boardSections.id, sectionId), eq(boardSections.boardId, boardId)));
  return row !== undefined;
}

export interface PinMove {
  pinIds: number[];
  fromBoardId: number;
  /** When set, only pins in this section move. */
  fromSectionId: number | null;
  toBoardId: number;
  toSectionId: number | null;
}

/** Moves the pins that are where the move says; answers the ids that moved. Counts follow by trigger. */
export async function movePins(db: Executor, move: PinMove): Promise<number[]> {
  const rows = await db
    .update(pins)
    .set({ boardId: move.toBoardId, sectionId: move.toSectionId, updatedAt: new Date() })
    .where(
      and(
        inArray(pins.id, move.pinIds),
        eq(pins.boardId, move.fromBoardId),
        move.fromSectionId === null ? undefined : eq(pins.sectionId, move.fromSectionId),
      ),
    )
    .returning({ id: pins.id });
  return rows.map((row) => row.id);
}

export async function findBoardPinCounts(db: Executor, boardIds: number[]) {
  const rows = await db
    .select({ id: boards.id, pinCount: boards.pinCount })
    .from(boards)
    .where(inArray(boards.id, boardIds));
  return new Map(rows.map((row) => [row.id, row.pinCount]));
}

/** The moved pins as the viewer now sees them, for the answer. */
export function listMovedPins(db: Executor, pinIds: number[], viewerId: number) {
  return listPinsNewestFirst(db, inArray(pins.id, pinIds), {
    viewerId,
    beforeId: null,
    limit: pinIds.length,
  });
}
