import type { UserProfile } from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey, queries } from '../../api/endpoints.ts';
import { rememberViewer } from '../auth/storedAccounts.ts';

/**
 * What follows a saved profile or picture: the person's name, username and picture show on
 * their profile, pins, boards, feeds and the account menu, so every answer kept is stale (the
 * ones on screen are asked again at once, the rest when next shown); the account switcher's
 * stored entry takes the new name and picture too.
 */
export function useProfileSaved() {
  const queryClient = useQueryClient();
  return async (profile: UserProfile) => {
    queryClient.setQueryData(
      endpointKey('getUser', { params: { username: profile.username.toLowerCase() } }),
      profile,
    );
    await queryClient.invalidateQueries();
    rememberViewer(await queryClient.fetchQuery(queries.getViewer()));
  };
}
