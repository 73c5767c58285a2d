import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { CounterStore } from '../counters/counters.ts';
import { createAltchaBotCheck } from './altcha-botcheck.ts';
import { createBotCheckOff, type BotCheck } from './botcheck.ts';
import { createRecaptchaBotCheck } from './recaptcha-botcheck.ts';

export type { BotCheck, BotCheckChallenge } from './botcheck.ts';

/** The bot check BOT_CHECK asks for; ALTCHA's HMAC key is derived from the session secret. */
export function createBotCheck(
  config: Pick<Config, 'botCheck' | 'recaptcha'>,
  options: { sessionSecret: string; counters: CounterStore },
): BotCheck {
  if (config.botCheck === 'off') return createBotCheckOff();
  if (config.botCheck === 'recaptcha' && config.recaptcha) return createRecaptchaBotCheck(config.recaptcha);
  const hmacKey = createHmac('sha256', options.sessionSecret).update('altcha').digest('hex');
  return createAltchaBotCheck({ hmacKey, counters: options.counters });
}
