import type { UserProfile } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api, endpointKey } from '../../api/endpoints.ts';

export function fetchUserProfile(username: string, signal?: AbortSignal): Promise<UserProfile> {
  return api.getUser({ params: { username } }, { signal }).then((result) => result.data);
}

/**
 * A person's public profile. Read it through this hook wherever a follow button or a
 * follower count shows, so following someone updates every place at once.
 */
export function useUserProfile(username: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    // Usernames are case-insensitive: `/Maya` and `/maya` share one cached profile.
    queryKey: endpointKey('getUser', { params: { username: username.toLowerCase() } }),
    queryFn: ({ signal }) => fetchUserProfile(username, signal),
    enabled: options.enabled,
  });
}
