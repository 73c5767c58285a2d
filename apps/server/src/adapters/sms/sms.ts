/** One text message. */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends texts: through an HTTP gateway when SMS_GATEWAY_URL is set, else into the outbox. */
export interface SmsSender {
  readonly kind: 'gateway' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}
