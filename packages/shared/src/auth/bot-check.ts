import { z } from 'zod';
import { AUTH_LIMITS } from './limits.ts';

/**
 * `GET /v3/bot_check/challenge/`: which bot check sign-up and login use. `challenge` is the
 * ALTCHA challenge (its own JSON shape, passed to the widget untouched) when the provider is
 * altcha; `site_key` is the reCAPTCHA site key when it is recaptcha; both null when off.
 */
export const BotCheckChallengeSchema = z.object({
  provider: z.enum(['altcha', 'recaptcha', 'off']),
  challenge: z.unknown().nullable(),
  site_key: z.string().nullable(),
});
export type BotCheckChallenge = z.infer<typeof BotCheckChallengeSchema>;

/**
 * The local bot-check limit: the browser keeps the times (unix seconds) it asked for
 * a bot-check token; three of them all within the last hour means it stops asking.
 */
export function isBotCheckLocalLimitExceeded(stampsSeconds: readonly number[], nowSeconds: number): boolean {
  const { stamps, windowSeconds } = AUTH_LIMITS.botCheckLocalLimit;
  const recent = stampsSeconds.filter((stamp) => nowSeconds - stamp < windowSeconds);
  return recent.length >= stamps;
}
