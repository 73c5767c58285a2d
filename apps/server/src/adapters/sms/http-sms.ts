import type { SmsMessage, SmsSender } from './sms.ts';

const TIMEOUT_MS = 10_000;

/**
 * Texts through an HTTP gateway: POST JSON `{to, text}`, with `Authorization: Bearer <token>`
 * when a token is configured. Any answer other than 2xx is an error (the caller decides).
 */
export function createHttpSmsSender(options: { url: string; token: string | undefined }): SmsSender {
  return {
    kind: 'gateway',
    async send(message: SmsMessage) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
