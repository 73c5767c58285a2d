import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoints.ts';

/**
 * Asks again for what a profile lists: the person's boards (every order) and pins. Usernames are
 * case-insensitive, so the lists are cached under the lower-cased name: `/Maya` and `/maya` share them.
 */
export function refreshProfileLists(queryClient: QueryClient, username: string) {
  const params = { username: username.toLowerCase() };
  void queryClient.invalidateQueries({ queryKey: endpointKey('listUserBoards', { params }) });
  void queryClient.invalidateQueries({ queryKey: endpointKey('listUserPins', { params }) });
}
