import type { pinEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { getBoardTitleSuggestions } from '../boards/picker.service.ts';
import { listSavedTo, repinPin } from './repin.service.ts';

type SavingEndpoints = Pick<typeof pinEndpoints, 'repinPin' | 'listSavedTo' | 'listBoardTitleSuggestions'>;

/** Saving a pin: the save itself, the viewer's boards it is already on, names for a new board. */
export function savingRoutes({ db }: AppContext): EndpointHandlers<SavingEndpoints> {
  return {
    repinPin: async ({ params, viewer, body }) =>
      ok(await repinPin(db, Number(params.id), viewer.userId, body)),
    listSavedTo: async ({ params, viewer }) => ok(await listSavedTo(db, Number(params.id), viewer.userId)),
    listBoardTitleSuggestions: async ({ params, viewer }) =>
      ok(await getBoardTitleSuggestions(db, Number(params.id), viewer.userId)),
  };
}
