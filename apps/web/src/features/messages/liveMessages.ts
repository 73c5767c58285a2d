import type { LiveEvent, Message, Viewer } from '@pinboard/shared';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../api/endpoints.ts';

type MessagesEvent = Extract<LiveEvent, { type: 'messages' }>;

/**
 * Puts a message into the cached pages of its conversation (newest first): a new one once at the
 * top, an edited or deleted one in its place.
 */
export function addMessageToCache(queryClient: QueryClient, message: Message): void {
  queryClient.setQueriesData<Message[]>(
    { queryKey: endpointKey('listMessages', { params: { id: message.conversation_id } }) },
    (messages) => {
      if (!messages) return messages;
      return messages.some((m) => m.id === message.id)
        ? messages.map((m) => (m.id === message.id ? message : m))
        : [message, ...messages];
    },
  );
}

/**
 * What a live `messages` event changes in the query cache (decision 52): the header's unread
 * count at once; a new message into its open conversation, and the inbox lists refetched when
 * next shown.
 */
export function applyMessagesEvent(queryClient: QueryClient, event: MessagesEvent): void {
  queryClient.setQueryData<Viewer>(endpointKey('getViewer'), (viewer) =>
    viewer ? { ...viewer, unread_conversations: event.unread_conversations } : viewer,
  );
  if (!event.message) return;
  addMessageToCache(queryClient, event.message);
  void queryClient.invalidateQueries({ queryKey: endpointKey('listConversations') });
  void queryClient.invalidateQueries({
    queryKey: endpointKey('getConversation', { params: { id: event.message.conversation_id } }),
  });
}
