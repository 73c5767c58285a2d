import type { experimentEndpoints } from '@pinboard/shared/api';
import type { AppContext } from '../../app-context.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { experimentUnitOf } from '../../plugins/viewer.ts';
import { groupsForUnit } from './experiments.service.ts';

export function experimentRoutes({ db, config }: AppContext): EndpointHandlers<typeof experimentEndpoints> {
  return {
    getExperimentGroups: async ({ request, reply }) => {
      const unit = experimentUnitOf(request, reply, { secureCookies: config.secureCookies });
      return ok(await groupsForUnit(db, unit));
    },
  };
}
