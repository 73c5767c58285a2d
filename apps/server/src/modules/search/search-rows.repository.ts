import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boards } from '../../db/schema/boards.ts';
import { pins } from '../../db/schema/pins.ts';
import { selectBoards } from '../boards/boards.repository.ts';
import { selectPins } from '../pins/pins.repository.ts';

/** The rows of a page of search results (already filtered for visibility), any order. */
export function findPinsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectPins(db).where(inArray(pins.id, ids));
}

export function findBoardsByIds(db: Executor, ids: number[], viewerId: number | null) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectBoards(db, viewerId).where(inArray(boards.id, ids));
}
