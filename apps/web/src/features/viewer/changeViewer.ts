import type { Viewer } from '@pinboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoints.ts';

/**
 * After a login, logout or account switch: the viewer becomes the new one (or is asked again
 * when unknown), cached answers nobody shows are dropped and the shown ones are fetched again,
 * since they were fetched as someone else (cached data is cleared; docs/product/accounts.md#rules).
 */
export async function changeViewer(queryClient: QueryClient, viewer: Viewer | null): Promise<void> {
  const viewerKey = endpointKey('getViewer');
  if (viewer) queryClient.setQueryData(viewerKey, viewer);
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.invalidateQueries({
    predicate: (query) => viewer === null || query.queryKey[0] !== viewerKey[0],
  });
}
