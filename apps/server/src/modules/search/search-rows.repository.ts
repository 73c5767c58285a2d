import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { selectBoards } from '../boards/boards.repository.ts';

/** The rows of a page of board results (already filtered for visibility), any order. */
export function findBoardsByIds(db: Executor, ids: number[], viewerId: number | null) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectBoards(db, viewerId).where(inArray(boards.id, ids));
}
