import type { LiveEvent, Viewer } from '@pinboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey, streamUrl } from '../../api/endpoints.ts';
import { applyMessagesEvent } from '../messages/liveMessages.ts';

/**
 * What a live event changes in the query cache: the viewer's unread count at once, the
 * notifications list when a new one arrived (refetched when next shown), and the viewer's board
 * invitations when it is one (the board page's bar and the profile's panel show it without a
 * reload). A stream's first event carries only the count: when it differs from the one the page
 * had, something arrived while no stream was open (the page loading, a reconnect), so both lists
 * are asked again. A messages event does as `applyMessagesEvent` says.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (event.type === 'messages') {
    applyMessagesEvent(queryClient, event);
    return;
  }
  const viewerKey = endpointKey('getViewer');
  const before = queryClient.getQueryData<Viewer>(viewerKey)?.unread_notifications;
  queryClient.setQueryData<Viewer>(viewerKey, (viewer) =>
    viewer ? { ...viewer, unread_notifications: event.unread_notifications } : viewer,
  );
  const missed = event.notification === null && before !== event.unread_notifications;
  if (!event.notification && !missed) return;
  void queryClient.invalidateQueries({ queryKey: endpointKey('listNotifications') });
  if (missed || event.notification?.kind === 'board_invite') {
    void queryClient.invalidateQueries({ queryKey: endpointKey('listViewerBoardInvites') });
  }
}

/**
 * Opens the tab's one live stream (decision 50) and feeds its events to the cache. The browser
 * reconnects by itself when the server ends a stream (its lifetime, a restart); each new stream
 * starts with the current count, so nothing missed meanwhile stays wrong. Answers a function
 * that closes it.
 */
export function openLiveEvents(queryClient: QueryClient): () => void {
  const source = new EventSource(streamUrl('liveEvents'), { withCredentials: true });
  const apply = (message: Event) => {
    try {
      applyLiveEvent(queryClient, JSON.parse((message as MessageEvent<string>).data) as LiveEvent);
    } catch {
      // A malformed event changes nothing; the next one carries the whole count again.
    }
  };
  source.addEventListener('notifications', apply);
  // Messages (decision 52) come over the same stream.
  source.addEventListener('messages', apply);
  return () => source.close();
}
