import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  channel: 'mail' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  created_at: string;
}

/**
 * The path of the newest password-reset link mailed to `email`, read from the development outbox
 * (`GET /__dev/outbox.json`, newest first); waits for the mail to arrive.
 */
export async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/__dev/outbox.json');
        expect(response.status()).toBe(200);
        const messages = (await response.json()) as OutboxMessage[];
        // The newest mail to the address that carries a reset link (notification mail may be newer).
        const pattern = /https?:\/\/[^\s"<>]+(\/password\/reset\/\?token=[\w-]+)/;
        const mail = messages.find(
          (message) => message.channel === 'mail' && message.to === email && pattern.test(message.text),
        );
        link = (mail && pattern.exec(mail.text)?.[1]) ?? null;
        return link;
      },
      { message: `a reset mail to ${email} in the outbox`, timeout: 10_000 },
    )
    .not.toBeNull();
  return link!;
}

/** The path of the newest email confirmation link mailed to `email` (decision 46); waits for it. */
export async function confirmationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/__dev/outbox.json');
        const messages = (await response.json()) as OutboxMessage[];
        const pattern = /https?:\/\/[^\s"<>]+(\/email\/verify\/\?token=[\w-]+)/;
        const mail = messages.find(
          (message) => message.channel === 'mail' && message.to === email && pattern.test(message.text),
        );
        link = (mail && pattern.exec(mail.text)?.[1]) ?? null;
        return link;
      },
      { message: `a confirmation mail to ${email} in the outbox`, timeout: 10_000 },
    )
    .not.toBeNull();
  return link!;
}

/**
 * The newest texted code to `phoneNumber` (E.164) in the development outbox; with `notCode`, waits
 * for a newer one than that (a resend).
 */
export async function textedCodeFor(
  request: APIRequestContext,
  phoneNumber: string,
  notCode?: string,
): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/__dev/outbox.json');
        expect(response.status()).toBe(200);
        const messages = (await response.json()) as OutboxMessage[];
        const sms = messages.find((message) => message.channel === 'sms' && message.to === phoneNumber);
        code = (sms && /\b(\d{6})\b/.exec(sms.text)?.[1]) ?? null;
        return code !== null && code !== notCode;
      },
      { message: `a texted code to ${phoneNumber} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return code!;
}
