import type { FastifyBaseLogger } from 'fastify';
import { SOCIAL_PROVIDERS } from '@pinboard/shared';
import type { Config } from '../../config.ts';

/** One start-up line: which development stand-ins are on, and why (or why they are off). */
export function logDevStandins(
  log: FastifyBaseLogger,
  config: Pick<Config, 'devStandins' | 'devStandinsReason' | 'providers'>,
  outbox: { mail: boolean; sms: boolean },
): void {
  if (!config.devStandins) {
    log.info(`Development stand-ins off: ${config.devStandinsReason}`);
    return;
  }
  const on: string[] = [];
  const kept = [outbox.mail && 'mail (no SMTP_URL)', outbox.sms && 'texts (no SMS_GATEWAY_URL)'].filter(
    Boolean,
  );
  if (kept.length) on.push(`the outbox at /__dev/outbox for ${kept.join(' and ')}`);
  const stoodIn = SOCIAL_PROVIDERS.filter((provider) => !config.providers[provider]);
  on.push(
    `the identity provider at /__dev/idp${stoodIn.length ? ` standing in for ${stoodIn.join(', ')}` : ''} and SSO domains`,
  );
  log.warn(
    `Development stand-ins on (${config.devStandinsReason}), for requests from this machine only: ${on.join('; ')}`,
  );
}
