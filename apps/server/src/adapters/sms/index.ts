import type { Config } from '../../config.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { createHttpSmsSender } from './http-sms.ts';
import type { SmsSender } from './sms.ts';

export type { SmsMessage, SmsSender } from './sms.ts';

/** The HTTP gateway when SMS_GATEWAY_URL is set, else the development outbox. */
export function createSmsSender(
  config: Pick<Config, 'smsGatewayUrl' | 'smsGatewayToken'>,
  outbox: Outbox,
): SmsSender {
  if (config.smsGatewayUrl) {
    return createHttpSmsSender({ url: config.smsGatewayUrl, token: config.smsGatewayToken });
  }
  return {
    kind: 'outbox',
    async send(message) {
      await outbox.put({ channel: 'sms', to: message.to, subject: null, text: message.text, html: null });
    },
  };
}
