import type { Notification, Viewer } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, callEndpoint, endpointKey } from '../../api/endpoints.ts';
import { useBookmarkedList } from '../../api/useBookmarkedList.ts';

const PAGE_SIZE = 25;

/** The viewer's notifications, grouped and newest first, 25 at a time by bookmark. */
export function useNotifications() {
  return useBookmarkedList<Notification>(
    endpointKey('listNotifications', { query: { page_size: PAGE_SIZE } }),
    (bookmark, signal) =>
      callEndpoint(
        'listNotifications',
        { query: { page_size: PAGE_SIZE, bookmark: bookmark ?? undefined } },
        { signal },
      ),
  );
}

/**
 * Opening the list marks everything seen once its first page has shown: the bell's count drops
 * here at once, and in the person's other tabs by their live stream.
 */
export function useMarkSeenWhenShown(shown: boolean, unread: number): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => api.markNotificationsSeen(),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<Viewer>(endpointKey('getViewer'), (viewer) =>
        viewer ? { ...viewer, unread_notifications: data.unread_notifications } : viewer,
      ),
  });
  useEffect(() => {
    if (shown && unread > 0) mutate();
  }, [shown, unread, mutate]);
}

/** Accepts or declines the invitation a notification carries; the list shows its new state. */
export function useAnswerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ inviteId, accept }: { inviteId: string; accept: boolean }) => {
      const input = { params: { id: inviteId } };
      await (accept ? api.acceptBoardInvite(input) : api.declineBoardInvite(input));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey('listNotifications') }),
  });
}
