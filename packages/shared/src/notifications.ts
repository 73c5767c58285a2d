import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { MessageSchema } from './messages.ts';
import { UserSummarySchema } from './users.ts';

/** What a notification is about (docs/product/notifications.md). */
export const NOTIFICATION_KINDS = [
  'pin_saved',
  'user_followed',
  'board_followed',
  'board_invite',
  'invite_accepted',
  'board_pins_added',
  'pin_commented',
  'comment_replied',
  'comment_mentioned',
  /** An operator's decision about something the recipient made or reported, or their appeal (decision 54). */
  'moderation',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** The most actors one grouped notification names (the rest are `actor_count`). */
export const NOTIFICATION_ACTORS_SHOWN = 3;

/**
 * One item of the list: a group of notifications of one kind about one object within one UTC day
 * ("Lena and 3 others saved your Pin"), newest actor first. An invitation is never grouped.
 */
export const NotificationSchema = z.object({
  /** The newest notification of the group. */
  id: IdSchema,
  kind: NotificationKindSchema,
  /** ISO 8601, the newest notification's time. */
  created_at: z.string(),
  /** Every notification of the group has been seen. */
  seen: z.boolean(),
  /** Up to NOTIFICATION_ACTORS_SHOWN people, newest first. */
  actors: z.array(UserSummarySchema),
  /** How many people the group names in all. */
  actor_count: z.number().int().min(1),
  pin: z.object({ id: IdSchema, title: z.string(), image_url: z.string().nullable() }).nullable(),
  board: z.object({ id: IdSchema, name: z.string(), url: z.string() }).nullable(),
  /** A board invitation's id and state: Accept and Decline show while it is pending. */
  invite: z.object({ id: IdSchema, status: z.enum(['pending', 'accepted', 'declined']) }).nullable(),
  /** The newest comment of a comment, reply or mention group (its pin is `pin`). */
  comment: z.object({ id: IdSchema, text: z.string() }).nullable(),
  /** A moderation notice's words (its own actor is the recipient); null for every other kind. */
  message: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** The answer of `POST /v3/notifications/seen/`. */
export const NotificationsSeenSchema = z.object({ unread_notifications: z.number().int().min(0) });

/**
 * What the live stream sends, one JSON object per Server-Sent Event (its `event:` is `type`):
 * the viewer's unread count after a change, with the new group when one arrived; or the count
 * of unread conversations, with the message that arrived.
 */
export const LiveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('notifications'),
    unread_notifications: z.number().int().min(0),
    notification: NotificationSchema.nullable(),
  }),
  // Messages (decision 52): the count of unread conversations, with the message that arrived.
  z.object({
    type: z.literal('messages'),
    unread_conversations: z.number().int().min(0),
    message: MessageSchema.nullable(),
  }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
