import type { pinEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import { pageOptionsOf, type EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { pageRelatedPins } from './related-pins.service.ts';
import { getPin, pageUserPins } from './pins.service.ts';

type PinEndpoints = Pick<typeof pinEndpoints, 'getPin' | 'listUserPins' | 'listRelatedPins'>;

/** Reading pins: one pin, a person's pins and the pins related to one. */
export function pinRoutes({ db }: AppContext): EndpointHandlers<PinEndpoints> {
  return {
    getPin: async ({ params, viewer }) => ok(await getPin(db, Number(params.id), viewer.userId)),
    listUserPins: async (call) => {
      const { params, query } = call;
      const page = await pageUserPins(db, params.username, query.filter, pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
    listRelatedPins: async (call) => {
      const page = await pageRelatedPins(db, Number(call.params.id), pageOptionsOf(call));
      return ok(page.items, page.bookmark);
    },
  };
}
