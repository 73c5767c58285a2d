import {
  comparePickerBoardNames,
  PICKER_SHORTLIST_MAX,
  suggestBoardTitles,
  type BoardPicker,
  type BoardPickerQuery,
} from '@pinboard/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPinById } from '../pins/pins.repository.ts';
import { listSavesOf } from '../pins/repin.repository.ts';
import { loadCollaboratorAvatars } from './boards.repository.ts';
import { presentPickerBoard } from './boards.presenter.ts';
import {
  listPickerBoards,
  listPickerSections,
  listViewerBoardNames,
  type PickerBoardRow,
} from './picker.repository.ts';

/** When the viewer last saved to a board: its last pin, else its creation (a new board is recent). */
const recency = (row: PickerBoardRow) => (row.lastPinnedToAt ?? row.createdAt).getTime();

/**
 * The board picker: every board the viewer may save to (owned or collaborated, not archived by
 * them) by name with digit-led names last, and the shortlist ('Top choices') of the ones saved
 * to most recently. Four queries whatever the number of boards.
 */
export async function getBoardPicker(
  db: Executor,
  viewer: number,
  query: BoardPickerQuery,
): Promise<BoardPicker> {
  const rows = await listPickerBoards(db, viewer);
  const ids = (filter: (row: PickerBoardRow) => boolean) => rows.filter(filter).map((row) => row.id);
  const [sections, collaborators, saves] = await Promise.all([
    listPickerSections(
      db,
      ids((row) => row.sectionCount > 0),
    ),
    loadCollaboratorAvatars(
      db,
      ids((row) => row.isCollaborative),
    ),
    query.pin_id ? listSavesOf(db, Number(query.pin_id), viewer) : Promise.resolve([]),
  ]);
  const sectionsByBoard = new Map<number, { id: number; title: string }[]>();
  for (const section of sections) {
    const list = sectionsByBoard.get(section.boardId) ?? [];
    list.push(section);
    sectionsByBoard.set(section.boardId, list);
  }
  const boardsWithPin = new Set(saves.map((save) => save.board.id));
  const present = (row: PickerBoardRow) =>
    presentPickerBoard(row, {
      collaborators: collaborators.get(row.id) ?? [],
      sections: sectionsByBoard.get(row.id) ?? [],
      hasPin: boardsWithPin.has(row.id),
    });
  const byName = [...rows].sort((a, b) => comparePickerBoardNames(a.name, b.name) || a.id - b.id);
  const recent = [...rows]
    .sort((a, b) => recency(b) - recency(a) || b.id - a.id)
    .slice(0, PICKER_SHORTLIST_MAX);
  return { all_boards: byName.map(present), boards_shortlist: recent.map(present) };
}

/** Names for a new board to save a pin to, none the viewer already has. */
export async function getBoardTitleSuggestions(db: Executor, pinId: number, viewer: number) {
  const pin = await findPinById(db, pinId, viewer);
  if (!pin) throw new AppError('pin_not_found');
  const names = await listViewerBoardNames(db, viewer);
  return suggestBoardTitles(
    { title: pin.title, description: pin.description, hashtags: pin.hashtags, boardName: pin.board.name },
    names,
  );
}
