import type { boardEndpoints } from '@pinboard/shared/api';
import { pageOptionsOf, type EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import type { BoardWriteDeps } from './board-writes.service.ts';
import { getSectionById, getSectionBySlug, pageBoardSections, pageSectionPins } from './boards.service.ts';
import { createSection, deleteSection, renameSection, reorderSections } from './section-writes.service.ts';

type SectionResource = Pick<
  typeof boardEndpoints,
  | 'listBoardSections'
  | 'getSectionBySlug'
  | 'getSection'
  | 'listSectionPins'
  | 'createSection'
  | 'reorderSections'
  | 'updateSection'
  | 'deleteSection'
>;

/** Board sections: reading them and their pins, adding, reordering, renaming and deleting them. */
export function sectionRoutes(deps: BoardWriteDeps): EndpointHandlers<SectionResource> {
  const { db } = deps;
  return {
    listBoardSections: async (call) => {
      const page = await pageBoardSections(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    getSectionBySlug: async ({ params, viewer }) =>
      ok(await getSectionBySlug(db, Number(params.id), params.slug, viewer.userId)),
    getSection: async ({ params, viewer }) => ok(await getSectionById(db, Number(params.id), viewer.userId)),
    listSectionPins: async (call) => {
      const page = await pageSectionPins(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    createSection: async ({ params, body, viewer }) =>
      ok(await createSection(deps, viewer.userId, Number(params.id), body)),
    reorderSections: async ({ params, body, viewer }) =>
      ok(await reorderSections(deps, viewer.userId, Number(params.id), body)),
    updateSection: async ({ params, body, viewer }) =>
      ok(await renameSection(deps, viewer.userId, Number(params.id), body)),
    deleteSection: async ({ params, viewer }) => {
      await deleteSection(deps, viewer.userId, Number(params.id));
      return ok(null);
    },
  };
}
