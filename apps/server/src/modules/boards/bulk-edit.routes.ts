import type { pinEndpoints } from '@pinboard/shared/api';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { bulkMovePins, type BulkEditDeps } from './bulk-edit.service.ts';

export function bulkEditRoutes(deps: BulkEditDeps): EndpointHandlers<Pick<typeof pinEndpoints, 'movePins'>> {
  return {
    movePins: async ({ body, viewer }) => ok(await bulkMovePins(deps, viewer.userId, body)),
  };
}
