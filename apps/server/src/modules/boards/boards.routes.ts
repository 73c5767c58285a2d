import type { boardEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { pageOptionsOf } from '../../lib/route-schemas.ts';
import {
  getBoard,
  getBoardBySlug,
  getSectionBySlug,
  pageBoardPins,
  pageBoardSections,
  pageSectionPins,
  setBoardFollow,
} from './boards.service.ts';

export function boardRoutes({ db }: AppContext): EndpointHandlers<typeof boardEndpoints> {
  return {
    getBoard: async ({ params, viewer }) => ok(await getBoard(db, Number(params.id), viewer.userId)),
    getBoardByAddress: async ({ params, viewer }) =>
      ok(await getBoardBySlug(db, params.username, params.slug, viewer.userId)),
    listBoardPins: async (call) => {
      const page = await pageBoardPins(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    listBoardSections: async (call) => {
      const page = await pageBoardSections(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    getSectionBySlug: async ({ params, viewer }) =>
      ok(await getSectionBySlug(db, Number(params.id), params.slug, viewer.userId)),
    listSectionPins: async (call) => {
      const page = await pageSectionPins(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    followBoard: async ({ params, viewer }) =>
      ok(await setBoardFollow(db, Number(params.id), viewer.userId, true)),
    unfollowBoard: async ({ params, viewer }) =>
      ok(await setBoardFollow(db, Number(params.id), viewer.userId, false)),
  };
}
