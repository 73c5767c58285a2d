import type { messageEndpoints } from '@pinboard/shared/api';
import type { Database } from '../../db/client.ts';
import type { EndpointHandlers } from '../../lib/endpoints.ts';
import { ok } from '../../lib/envelope.ts';
import { setUserBlock } from './blocks.service.ts';

type BlockEndpoints = Pick<typeof messageEndpoints, 'blockUser' | 'unblockUser'>;

/** Blocking and unblocking a person (decision 52). */
export function blockRoutes({ db }: { db: Database }): EndpointHandlers<BlockEndpoints> {
  return {
    blockUser: async ({ params, viewer }) => ok(await setUserBlock(db, params.username, viewer.userId, true)),
    unblockUser: async ({ params, viewer }) =>
      ok(await setUserBlock(db, params.username, viewer.userId, false)),
  };
}
