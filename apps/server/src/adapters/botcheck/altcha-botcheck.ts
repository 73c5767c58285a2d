import { createChallenge, verifySolution } from 'altcha-lib';
import type { CounterStore } from '../counters/counters.ts';
import type { BotCheck } from './botcheck.ts';

/**
 * Hashes a browser must try at most. About 25,000 SHA-256 on average: well under a second in a
 * browser, yet a thousand sign-ups cost a script minutes of CPU. See decision 18.
 */
export const ALTCHA_MAX_NUMBER = 50_000;
const CHALLENGE_TTL_SECONDS = 10 * 60;

/**
 * Self-hosted proof of work (ALTCHA, altcha-lib 1.x: the v1 challenge the widget and
 * `solveChallenge` speak). The challenge is signed with an HMAC key, so the server keeps no
 * state until a solution arrives; each solved challenge is then claimed once in the counter
 * store, so a solution cannot be replayed while it is still unexpired.
 */
export function createAltchaBotCheck(options: { hmacKey: string; counters: CounterStore }): BotCheck {
  return {
    provider: 'altcha',
    async challenge() {
      const challenge = await createChallenge({
        hmacKey: options.hmacKey,
        maxNumber: ALTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
      });
      return { provider: 'altcha', challenge: { ...challenge }, site_key: null };
    },
    async verify(token) {
      if (!token || token.length > 4096) return false;
      let valid: boolean;
      try {
        valid = await verifySolution(token, options.hmacKey, true);
      } catch {
        return false;
      }
      if (!valid) return false;
      const { signature } = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
        signature: string;
      };
      return options.counters.claim(`altcha:used:${signature}`, CHALLENGE_TTL_SECONDS);
    },
  };
}
