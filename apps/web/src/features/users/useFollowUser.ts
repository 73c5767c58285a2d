import type { UserProfile } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, endpointKey } from '../../api/endpoints.ts';

/** The profile as it will be once the follow (or unfollow) is through. */
function withFollow(profile: UserProfile, follow: boolean): UserProfile {
  if (profile.followed_by_me === follow) return profile;
  return {
    ...profile,
    followed_by_me: follow,
    follower_count: Math.max(0, profile.follower_count + (follow ? 1 : -1)),
  };
}

/**
 * Follows or unfollows a person, optimistically: their cached profile changes at once and
 * goes back if the server refuses; the server's answer then replaces it.
 */
export function useFollowUser(username: string, viewerUsername: string | null) {
  const queryClient = useQueryClient();
  const key = endpointKey('getUser', { params: { username: username.toLowerCase() } });
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow ? api.followUser({ params: { username } }) : api.unfollowUser({ params: { username } }),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<UserProfile>(key);
      if (previous) queryClient.setQueryData(key, withFollow(previous, follow));
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (result) => {
      queryClient.setQueryData(key, result.data);
      // Follow lists that show this person are stale now; they refetch when next opened.
      for (const name of ['listUserFollowers', 'listUserFollowing', 'listBoardFollowers'] as const)
        void queryClient.invalidateQueries({ queryKey: endpointKey(name), refetchType: 'none' });
      // The viewer's own following count moved too.
      if (viewerUsername)
        void queryClient.invalidateQueries({
          queryKey: endpointKey('getUser', { params: { username: viewerUsername.toLowerCase() } }),
        });
    },
  });
}
