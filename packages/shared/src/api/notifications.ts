import { z } from 'zod';
import { LiveEventSchema, NotificationSchema, NotificationsSeenSchema } from '../notifications.ts';
import { PageQuerySchema } from '../pagination.ts';
import { defineEndpoint } from './endpoint.ts';

const tag = 'notifications';

// No fields; an empty object or no body at all.
const NoBody = z.strictObject({}).nullish();

/** Notifications and the live stream that tells an open tab about them. */
export const notificationEndpoints = {
  listNotifications: defineEndpoint({
    method: 'GET',
    path: '/v3/notifications/',
    summary: "The viewer's notifications, grouped, newest first",
    tag,
    access: 'signedIn',
    query: PageQuerySchema,
    response: z.array(NotificationSchema),
    cache: { control: 'private, no-store' },
  }),
  markNotificationsSeen: defineEndpoint({
    method: 'POST',
    path: '/v3/notifications/seen/',
    summary: "Marks every one of the viewer's notifications seen; answers the unread count",
    tag,
    access: 'signedIn',
    body: NoBody,
    response: NotificationsSeenSchema,
  }),
  liveEvents: defineEndpoint({
    method: 'GET',
    path: '/v3/live/',
    summary: "The viewer's live events (Server-Sent Events) until the stream's lifetime or the session ends",
    tag,
    access: 'signedIn',
    response: LiveEventSchema,
    stream: 'events',
    rateLimit: { limit: 'live-stream', by: 'viewer' },
    cache: { control: 'private, no-store' },
  }),
};
