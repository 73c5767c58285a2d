import type { Conversation, Message } from '@pinboard/shared';
import type { TFunction } from '../../i18n.ts';
import { displayName } from '../pins/pinText.ts';

/** The others in a conversation, by name, joined by commas. */
export function memberNames(conversation: Pick<Conversation, 'members'>): string {
  return conversation.members.map(displayName).join(', ');
}

/** One line for a message in the inbox: its text, else "Sent a Pin" (or that it was deleted). */
export function messagePreview(message: Message | null, t: TFunction): string {
  if (!message) return '';
  if (message.deleted) return t('messages.deleted');
  return message.text || t('messages.sentPin');
}
