import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The development outbox (decision 19): mail and texts the server would have sent, when no
 * SMTP_URL or SMS_GATEWAY_URL is set. In the database, not in memory, so a message survives a
 * restart and every instance lists the same ones. Never read in production (DEV_STANDINS off).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
    to: text('to').notNull(),
    /** Null for a text message. */
    subject: text('subject'),
    text: text('text').notNull(),
    /** Null for a text message. */
    html: text('html'),
    /** A mail's extra headers (`List-Unsubscribe`, decision 53); null when it has none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);
