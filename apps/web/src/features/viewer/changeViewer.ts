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

/**
 * After a change the viewer answer shows (a confirmed email, a connected account, a business
 * profile, unread counts): asks for it again. An answer on its way may predate the change, so it is
 * cancelled first: invalidating alone waits for it when the page has no answer yet (TanStack Query
 * cancels an in-flight fetch only when it refetches data it already has).
 */
export async function refreshViewer(queryClient: QueryClient): Promise<void> {
  const queryKey = endpointKey('getViewer');
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
