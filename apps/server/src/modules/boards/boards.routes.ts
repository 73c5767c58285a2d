import type { boardEndpoints } from '@pinboard/shared/api';
import { pageOptionsOf, type EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import {
  createBoard,
  deleteBoard,
  setBoardArchive,
  updateBoard,
  type BoardWriteDeps,
} from './board-writes.service.ts';
import { getBoard, getBoardBySlug, pageBoardPins, setBoardFollow } from './boards.service.ts';
import { getBoardPicker } from './picker.service.ts';

type BoardResource = Pick<
  typeof boardEndpoints,
  | 'getBoard'
  | 'getBoardByAddress'
  | 'listBoardPins'
  | 'getBoardPicker'
  | 'createBoard'
  | 'updateBoard'
  | 'deleteBoard'
  | 'archiveBoard'
  | 'unarchiveBoard'
  | 'followBoard'
  | 'unfollowBoard'
>;

/** Boards: reading one and its pins, creating, editing, archiving, deleting and following it. */
export function boardRoutes(deps: BoardWriteDeps): EndpointHandlers<BoardResource> {
  const { db } = deps;
  return {
    getBoard: async ({ params, viewer }) => ok(await getBoard(db, Number(params.id), viewer.userId)),
    getBoardByAddress: async ({ params, viewer }) =>
      ok(await getBoardBySlug(db, params.username, params.slug, viewer.userId)),
    listBoardPins: async (call) => {
      const page = await pageBoardPins(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    getBoardPicker: async ({ query, viewer }) => ok(await getBoardPicker(db, viewer.userId, query)),
    createBoard: async ({ body, viewer }) => ok(await createBoard(deps, viewer.userId, body)),
    updateBoard: async ({ params, body, viewer }) =>
      ok(await updateBoard(deps, viewer.userId, Number(params.id), body)),
    deleteBoard: async ({ params, viewer }) => {
      await deleteBoard(deps, viewer.userId, Number(params.id));
      return ok(null);
    },
    archiveBoard: async ({ params, viewer }) =>
      ok(await setBoardArchive(deps, viewer.userId, Number(params.id), true)),
    unarchiveBoard: async ({ params, viewer }) =>
      ok(await setBoardArchive(deps, viewer.userId, Number(params.id), false)),
    followBoard: async ({ params, viewer }) =>
      ok(await setBoardFollow(db, Number(params.id), viewer.userId, true)),
    unfollowBoard: async ({ params, viewer }) =>
      ok(await setBoardFollow(db, Number(params.id), viewer.userId, false)),
  };
}
