import type { Pin } from '@pinboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoints.ts';
import { invalidateBoard } from '../boards/invalidateBoard.ts';
import { boardAddressKey } from '../boards/useBoard.ts';
import { replaceCachedPin } from '../pins/cachedPins.ts';
import { refreshProfileLists } from '../profile/refreshProfileLists.ts';
import { forgetSaves, showPictureSaved } from '../saving/savedState.ts';

/** A board's own queries and its page's (by address), after a pin came or went. */
function refreshBoard(queryClient: QueryClient, board: Pin['board']) {
  void invalidateBoard(queryClient, board.id);
  void queryClient.invalidateQueries({ queryKey: endpointKey('getBoard', { params: { id: board.id } }) });
  const [username, slug] = board.url.split('/').filter(Boolean);
  if (username && slug) void queryClient.invalidateQueries({ queryKey: boardAddressKey(username, slug) });
}

/**
 * After its pinner edited (`after`) or deleted (null) a pin: the closeup, every grid showing it,
 * the boards it left and joined (pins, sections, counts, cover), the pinner's profile lists, and
 * the saved state every cached pin of its picture shows (the board it moved to, or Save again).
 */
export function refreshAfterPinChanged(queryClient: QueryClient, before: Pin, after: Pin | null) {
  const pinKey = endpointKey('getPin', { params: { id: before.id } });
  if (after) queryClient.setQueryData(pinKey, after);
  else queryClient.removeQueries({ queryKey: pinKey });
  replaceCachedPin(queryClient, before.id, after);
  if (after) showPictureSaved(queryClient, after);
  else forgetSaves(queryClient, { pinId: before.id });
  refreshBoard(queryClient, before.board);
  if (after && after.board.id !== before.board.id) refreshBoard(queryClient, after.board);
  refreshProfileLists(queryClient, before.pinner.username);
  void queryClient.invalidateQueries({
    queryKey: endpointKey('getUser', { params: { username: before.pinner.username.toLowerCase() } }),
  });
}
