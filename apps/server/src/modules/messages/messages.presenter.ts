import {
  GROUP_CONVERSATION_MIN_MEMBERS,
  type Conversation,
  type Message,
  type UserSummary,
} from '@pinboard/shared';
import { renditionUrl } from '../../lib/media-url.ts';
import { presentUserSummary } from '../users/users.presenter.ts';
import type { ConversationRow, MessageRow } from './messages.repository.ts';

export function presentMessage(row: MessageRow): Message {
  return {
    id: String(row.id),
    conversation_id: String(row.conversationId),
    sender: presentUserSummary(row.sender),
    text: row.text,
    pin:
      row.pinId === null
        ? null
        : {
            id: String(row.pinId),
            title: row.pinTitle ?? '',
            image_url: renditionUrl(row.pinImageSizes, '236x'),
          },
    pin_unavailable: row.hadPin && row.pinId === null,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    deleted: row.deletedAt !== null,
  };
}

/** Started with three people or more: one of a group's members may leave it. */
export const isGroup = (row: ConversationRow) =>
  row.memberKey.split(',').length >= GROUP_CONVERSATION_MIN_MEMBERS;

export function presentConversation(
  row: ConversationRow,
  facts: {
    members: UserSummary[];
    awaitingAccept: boolean;
    lastMessage: Message | null;
    blocked: boolean;
  },
): Conversation {
  return {
    id: String(row.id),
    members: facts.members,
    status: row.status,
    awaiting_accept: facts.awaitingAccept,
    last_message: facts.lastMessage,
    unread: row.lastMessageId !== null && row.lastMessageId > (row.lastReadMessageId ?? 0),
    blocked: facts.blocked,
    group: isGroup(row),
  };
}
