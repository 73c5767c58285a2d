import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a promoted card's token counts its impression and click. */
export const AD_TOKEN_TTL_SECONDS = 6 * 3600;

/** What a promoted card's token vouches for (decision 56). */
export interface AdTokenClaims {
  adId: number;
  /** `u:<user id>` or the visitor's browser: only they may report it. */
  viewer: string;
  /** The card's place in its page. */
  position: number;
  /** How it is charged and at what price (the auction's second price). */
  mode: 'cpm' | 'cpc';
  priceMicro: number;
}

export interface VerifiedAdToken extends AdTokenClaims {
  /** One per view: an impression and a click count once for it. */
  nonce: string;
  issuedAt: number;
}

export interface AdTokens {
  sign(claims: AdTokenClaims, now: Date): string;
  /** The claims of an untampered, unexpired token, or null. */
  verify(token: string, now: Date): VerifiedAdToken | null;
}

const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/**
 * `<base64url JSON payload>.<HMAC-SHA256>`, under a key derived from the session secret for this
 * purpose alone. The payload holds ad, viewer, position, time, price and a random nonce.
 */
export function createAdTokens(sessionSecret: string): AdTokens {
  const key = createHmac('sha256', sessionSecret).update('promoted-ad-token').digest();
  const macOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(claims, now) {
      const payload = Buffer.from(
        JSON.stringify([
          1,
          claims.adId,
          claims.viewer,
          claims.position,
          claims.mode,
          claims.priceMicro,
          Math.floor(now.getTime() / 1000),
          randomBytes(12).toString('base64url'),
        ]),
      ).toString('base64url');
      return `${payload}.${macOf(payload)}`;
    },
    verify(token, now) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const given = Buffer.from(match[2]!);
      const expected = Buffer.from(macOf(match[1]!));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parts: unknown;
      try {
        parts = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(parts) || parts.length !== 8 || parts[0] !== 1) return null;
      const [, adId, viewer, position, mode, priceMicro, issuedAt, nonce] = parts as [
        number,
        number,
        string,
        number,
        'cpm' | 'cpc',
        number,
        number,
        string,
      ];
      if (issuedAt + AD_TOKEN_TTL_SECONDS <= now.getTime() / 1000) return null;
      return { adId, viewer, position, mode, priceMicro, issuedAt, nonce };
    },
  };
}

/** Who a request is, for a token: the signed-in person, else the visitor's browser cookie or address. */
export function viewerKeysOf(userId: number | null, browser: string, address: string): string[] {
  if (userId !== null) return [`u:${userId}`];
  return browser ? [`b:${browser}`, `a:${address}`] : [`a:${address}`];
}
