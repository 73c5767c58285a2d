import type { Config } from '../../config.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { Mailer, MailMessage } from './mailer.ts';

/** SMTP when SMTP_URL is set, else the development outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, outbox: Outbox): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer(outbox);
}
