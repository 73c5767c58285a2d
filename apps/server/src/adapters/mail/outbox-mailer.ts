import type { Outbox } from '../outbox/outbox.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** Mail kept in the development outbox instead of being sent (no SMTP_URL). */
export function createOutboxMailer(outbox: Outbox): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await outbox.put({ channel: 'mail', ...message });
    },
    async close() {},
  };
}
