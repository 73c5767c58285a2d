import './words.ts';
import type { UserProfile } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { api, endpointKey } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { useToast } from '../../ui/toastContext.ts';

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

interface BlockTarget {
  username: string;
  name: string;
  /** Whether the viewer blocked them already. */
  blocked: boolean;
}

/**
 * The Block (or Unblock) item of a person's menus (their profile's, a conversation's): its label
 * and what choosing it does. Blocking asks first; the outcome shows as a toast.
 */
export function useBlockChoice({ username, name, blocked }: BlockTarget) {
  const { t } = useTranslation();
  const toast = useToast();
  const block = useBlockUser(username);
  const onSelect = () => {
    if (!blocked && !window.confirm(t('messages.blockConfirm', { name }))) return;
    block.mutate(!blocked, {
      onSuccess: () =>
        toast.show(t(blocked ? 'messages.unblocked' : 'messages.blocked', { name }), { durationMs: 5000 }),
      onError: (error) =>
        toast.show(errorMessage(t, error, 'messages.loadError', { otherwise: 'detail' }), {
          durationMs: 5000,
          tone: 'error',
        }),
    });
  };
  return { label: t(blocked ? 'messages.unblock' : 'messages.block'), onSelect };
}
