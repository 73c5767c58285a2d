import { createHmac, timingSafeEqual } from 'node:crypto';
import { OFFSITE_TOKEN_TTL_SECONDS } from '@pinboard/shared/offsite';

/** What a token vouches for: this exact link, from this pin (or none), in this browser. */
export interface OffsiteTokenClaims {
  url: string;
  pinId: string | null;
  /** The browser's csrftoken cookie: a token works only in the browser whose check made it. */
  browser: string;
}

export interface OffsiteTokens {
  sign(claims: OffsiteTokenClaims, now: Date): string;
  verify(token: string, claims: OffsiteTokenClaims, now: Date): boolean;
}

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * Signed tokens for `/offsite/` (decision 28): `<expiry seconds>.<HMAC-SHA256>` over the expiry
 * and the claims, under a key derived from the session secret for this purpose alone (so no
 * other signature of the app is a valid token). The claims travel beside the token, not in it.
 */
export function createOffsiteTokens(sessionSecret: string): OffsiteTokens {
  const key = createHmac('sha256', sessionSecret).update('offsite-link-token').digest();
  const macOf = (expiresAt: number, claims: OffsiteTokenClaims) =>
    createHmac('sha256', key)
      // A JSON array: no value can shift where another begins.
      .update(JSON.stringify([1, expiresAt, claims.url, claims.pinId ?? '', claims.browser]))
      .digest();
  return {
    sign(claims, now) {
      const expiresAt = Math.floor(now.getTime() / 1000) + OFFSITE_TOKEN_TTL_SECONDS;
      return `${expiresAt}.${macOf(expiresAt, claims).toString('base64url')}`;
    },
    verify(token, claims, now) {
      const match = TOKEN.exec(token);
      if (!match || !claims.browser) return false;
      const expiresAt = Number(match[1]);
      if (expiresAt * 1000 <= now.getTime()) return false;
      // Compared as text: decoding would ignore the last character's spare bits, so two
      // spellings of one MAC would both pass.
      const given = Buffer.from(match[2]!);
      const expected = Buffer.from(macOf(expiresAt, claims).toString('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
