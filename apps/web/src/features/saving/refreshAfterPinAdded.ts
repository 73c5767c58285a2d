import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoints.ts';
import { invalidateBoard, invalidateBoardAddress } from '../boards/invalidateBoard.ts';
import { refreshProfileLists } from '../profile/refreshProfileLists.ts';

/**
 * After a pin lands on a board (saved, published or created), refreshes only what that changed:
 * the board (its pins, sections, counts, cover), also as its page reads it, by its address
 * `/{username}/{slug}/`; the picker for `pinId` (null: a pin not made yet); and the viewer's
 * profile and board lists.
 */
export function refreshAfterPinAdded(
  queryClient: QueryClient,
  board: { id: string; url: string },
  pinId: string | null,
  viewerUsername: string | null,
) {
  void invalidateBoard(queryClient, board.id);
  void invalidateBoardAddress(queryClient, board.url);
  void queryClient.invalidateQueries({
    queryKey: endpointKey('getBoardPicker', { query: { pin_id: pinId ?? undefined } }),
  });
  if (viewerUsername) {
    refreshProfileLists(queryClient, viewerUsername);
    void queryClient.invalidateQueries({
      queryKey: endpointKey('getUser', { params: { username: viewerUsername.toLowerCase() } }),
    });
  }
}
