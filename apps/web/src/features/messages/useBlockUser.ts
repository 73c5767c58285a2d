import type { UserProfile } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, endpointKey } from '../../api/endpoints.ts';

/**
 * Blocks or unblocks a person (decision 52): their profile answers as it now is (no follows
 * either way), and the conversations are read again (a blocked one can no longer be written to).
 */
export function useBlockUser(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      block ? api.blockUser({ params: { username } }) : api.unblockUser({ params: { username } }),
    onSuccess: (result) => {
      queryClient.setQueryData<UserProfile>(
        endpointKey('getUser', { params: { username: username.toLowerCase() } }),
        result.data,
      );
      void queryClient.invalidateQueries({ queryKey: endpointKey('getUser') });
      void queryClient.invalidateQueries({ queryKey: endpointKey('getConversation') });
      void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
    },
  });
}
