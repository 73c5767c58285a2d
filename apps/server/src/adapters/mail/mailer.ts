/** One mail: plain text and HTML of the same message (the HTML already escaped by its author). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post` (decision 53). */
  headers?: Record<string, string>;
}

/** Sends mail: through SMTP when SMTP_URL is set, else into the development outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
