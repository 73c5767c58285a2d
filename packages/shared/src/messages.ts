import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './auth/email.ts';
import { IdSchema } from './ids.ts';
import { UserSummarySchema } from './users.ts';

/*
 * Messages, Send and blocking (docs/product/messages.md, decision 52).
 */

/** The longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The most people one conversation may have besides its creator. */
export const CONVERSATION_MAX_RECIPIENTS = 10;
/**
 * Messages a sender may send into a conversation nobody else has accepted yet (a request): the
 * first message, and nothing more until someone accepts.
 */
export const REQUEST_MESSAGES_BEFORE_ACCEPT = 1;

/**
 * A member's place in a conversation: `accepted`, a `request` waiting for an answer, `declined` (a
 * request turned down) or `left` (a group they left). Only the first two are still in it.
 */
export const CONVERSATION_MEMBER_STATUSES = ['accepted', 'request', 'declined', 'left'] as const;
export type ConversationMemberStatus = (typeof CONVERSATION_MEMBER_STATUSES)[number];
/** The places of those still in a conversation: they read it, and hear of it. */
export const IN_CONVERSATION: readonly ConversationMemberStatus[] = ['accepted', 'request'];
/** People a conversation needs, the viewer included, to be a group one may leave. */
export const GROUP_CONVERSATION_MIN_MEMBERS = 3;

/** Text of a message: trimmed, up to MESSAGE_MAX_LENGTH characters (may be empty beside a pin). */
export const MessageTextSchema = z
  .string()
  .trim()
  .max(MESSAGE_MAX_LENGTH, { error: `Messages are at most ${MESSAGE_MAX_LENGTH} characters.` });

/** A pin as a message shows it: a card, only when the reader may see the pin now. */
export const MessagePinSchema = z.object({
  id: IdSchema,
  title: z.string(),
  image_url: z.string().nullable(),
});
export type MessagePin = z.infer<typeof MessagePinSchema>;

export const MessageSchema = z.object({
  id: IdSchema,
  conversation_id: IdSchema,
  sender: UserSummarySchema,
  text: z.string(),
  /** The pin sent, when there was one and the reader may see it; else null. */
  pin: MessagePinSchema.nullable(),
  /** A pin was sent that the reader may not see (or that is gone): "This Pin is unavailable". */
  pin_unavailable: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
  /** When its sender last edited its text (ISO 8601), or null. */
  edited_at: z.string().nullable(),
  /** Its sender deleted it: no text and no pin are left ("This message was deleted"). */
  deleted: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSchema = z.object({
  id: IdSchema,
  /** Everyone else in it (active accounts), in the order they joined. */
  members: z.array(UserSummarySchema),
  /** The viewer's place: `request` shows Accept and Decline. */
  status: z.enum(CONVERSATION_MEMBER_STATUSES),
  /** Nobody else has accepted yet: the sender waits for an answer before sending more. */
  awaiting_accept: z.boolean(),
  last_message: MessageSchema.nullable(),
  /** A message from someone else newer than the viewer's last read one. */
  unread: z.boolean(),
  /** The viewer blocked someone in it, or was blocked: nobody can send. */
  blocked: z.boolean(),
  /** Started with three people or more (the viewer included): its members may leave it. */
  group: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationParamsSchema = z.strictObject({ id: IdSchema });

/** `GET /v3/conversations/`: the inbox (accepted) or the message requests. */
export const ConversationListQuerySchema = z.strictObject({
  bookmark: z.string().max(512).optional(),
  page_size: z.coerce.number().int().min(1).max(50).default(25),
  filter: z.enum(['inbox', 'requests']).default('inbox'),
});

/** `POST /v3/conversations/`: creates, or reuses, the conversation with these people. */
export const CreateConversationSchema = z
  .strictObject({
    user_ids: z.array(IdSchema).min(1).max(CONVERSATION_MAX_RECIPIENTS),
    text: MessageTextSchema.optional(),
    pin_id: IdSchema.optional(),
  })
  .describe('{user_ids, text?, pin_id?}');

/** `POST /v3/conversations/{id}/messages/`: text, a pin, or both. */
export const SendMessageSchema = z.strictObject({
  text: MessageTextSchema.optional(),
  pin_id: IdSchema.optional(),
});

export const MessageParamsSchema = z.strictObject({ id: IdSchema, messageId: IdSchema });

/** `PATCH /v3/conversations/{id}/messages/{messageId}/`: the sender's new text. */
export const EditMessageSchema = z.strictObject({ text: MessageTextSchema });

/** What a read or a live event tells the header's messages icon. */
export const UnreadConversationsSchema = z.object({ unread_conversations: z.number().int().min(0) });

/** `POST /v3/pins/{id}/send_email/`: one address. */
export const SendPinEmailSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, { error: 'Enter an email address.' })
    .max(EMAIL_MAX_LENGTH, { error: 'Hmm...that doesn\u2019t look like an email address' })
    .regex(EMAIL_PATTERN, { error: 'Hmm...that doesn\u2019t look like an email address' }),
});
export const SendPinEmailResultSchema = z.object({ sent: z.literal(true) });

/** `GET /v3/conversations/people/?q=`: people to send to (the typeahead of Send and New message). */
export const MessagePeopleQuerySchema = z.strictObject({
  q: z.string().trim().max(100).default(''),
});
