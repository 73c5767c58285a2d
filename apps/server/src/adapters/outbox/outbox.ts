import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';

export interface OutboxMessage {
  channel: 'mail' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  headers?: Record<string, string> | null;
}

/** Where a development outbox message is also reported (the app's pino logger). */
export interface OutboxLog {
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * The development outbox (decision 19): mail and texts kept in `outbox_messages` instead of being
 * sent, and logged, so a developer (or the e2e suite) can read a reset link without a mail server.
 */
export function createOutbox(db: Database, log: OutboxLog) {
  return {
    async put(message: OutboxMessage): Promise<void> {
      await db.insert(outboxMessages).values(message);
      log.info(
        {
          outbox: { channel: message.channel, to: message.to, subject: message.subject, text: message.text },
        },
        `development outbox: ${message.channel} to ${message.to} (not sent)`,
      );
    },

    /** The newest messages first. */
    async list(limit = 100) {
      return db
        .select({
          channel: outboxMessages.channel,
          to: outboxMessages.to,
          subject: outboxMessages.subject,
          text: outboxMessages.text,
          html: outboxMessages.html,
          headers: outboxMessages.headers,
          createdAt: outboxMessages.createdAt,
        })
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
