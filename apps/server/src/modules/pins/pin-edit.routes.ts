import type { pinEndpoints } from '@pinboard/shared/api';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { deletePin, setPinHidden, updatePin, type PinEditDeps } from './pin-edit.service.ts';

type PinEditEndpoints = Pick<typeof pinEndpoints, 'updatePin' | 'deletePin' | 'hidePin' | 'unhidePin'>;

/** A pinner's edits and deletes; anyone's 'See fewer like this'. */
export function pinEditRoutes(deps: PinEditDeps): EndpointHandlers<PinEditEndpoints> {
  return {
    updatePin: async ({ params, body, viewer }) =>
      ok(await updatePin(deps, viewer.userId, Number(params.id), body)),
    deletePin: async ({ params, viewer }) => {
      await deletePin(deps, viewer.userId, Number(params.id));
      return ok(null);
    },
    hidePin: async ({ params, viewer }) =>
      ok(await setPinHidden(deps.db, viewer.userId, Number(params.id), true)),
    unhidePin: async ({ params, viewer }) =>
      ok(await setPinHidden(deps.db, viewer.userId, Number(params.id), false)),
  };
}
