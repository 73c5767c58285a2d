import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a promoted card's token counts its impression and click. */
export const AD_TOKEN_TTL_SECONDS = 6 * 3600;

/**
 * How long after its card was served a clicked token may still convert (decision 69): a purchase
 * or a sign-up often comes back days after the click, on a later visit; a week keeps the
 * conversions the click plausibly led to, and no older ones.
 */
export const CONVERSION_WINDOW_SECONDS = 7 * 86_400;

/** How a promoted card is charged: per 1,000 impressions, per click, or per conversion. */
export type AdPricing = 'cpm' | 'cpc' | 'cpa';

/** What a promoted card's token vouches for (decision 56). */
export interface AdTokenClaims {
  adId: number;
  /** `u:<user id>` or the visitor's browser: only they may report it. */
  viewer: string;
  /** The card's place in its page. */
  position: number;
  /** How it is charged and at what price (the auction's second price). */
  mode: AdPricing;
  priceMicro: number;
}

/** What a charge needs of a token: the ad, its pricing and price, and the view's nonce. */
export interface ChargedAdToken {
  adId: number;
  mode: AdPricing;
  priceMicro: number;
  /** One per view: an impression, a click and a conversion count once for it. */
  nonce: string;
  issuedAt: number;
}

export interface VerifiedAdToken extends AdTokenClaims, ChargedAdToken {}

export interface AdTokens {
  sign(claims: AdTokenClaims, now: Date): string;
  /** The claims of an untampered, unexpired token, or null. */
  verify(token: string, now: Date): VerifiedAdToken | null;
  /**
   * The token a click-through hands the destination page (decision 69): the same view (ad,
   * pricing, price, time, nonce) without its viewer, whom the advertiser's site has no need to
   * know. It counts only conversions.
   */
  landing(claims: VerifiedAdToken): string;
  /** A landing token's claims while it may convert (CONVERSION_WINDOW_SECONDS), or null. */
  verifyLanding(token: string, now: Date): ChargedAdToken | null;
}

/** A view's nonce: 12 random bytes, cut from a pooled fill (one call to the generator per 340). */
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function nextNonce(): string {
  if (nonceAt + 12 > noncePool.length) {
    noncePool = randomBytes(4080);
    nonceAt = 0;
  }
  nonceAt += 12;
  return noncePool.subarray(nonceAt - 12, nonceAt).toString('base64url');
}

const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/**
 * `<base64url JSON payload>.<HMAC-SHA256>`, under a key derived from the session secret for this
 * purpose alone. A card's payload (version 1) holds ad, viewer, position, pricing, price, time and
 * a random nonce; a landing payload (version 2) the same without viewer and position.
 */
export function createAdTokens(sessionSecret: string): AdTokens {
  const key = createHmac('sha256', sessionSecret).update('promoted-ad-token').digest();
  const macOf = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const signed = (parts: unknown[]) => {
    const payload = Buffer.from(JSON.stringify(parts)).toString('base64url');
    return `${payload}.${macOf(payload)}`;
  };
  /** The payload's parts of an untampered token, or null. */
  const partsOf = (token: string): unknown[] | null => {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const given = Buffer.from(match[2]!);
    const expected = Buffer.from(macOf(match[1]!));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parts: unknown = JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'));
      return Array.isArray(parts) ? parts : null;
    } catch {
      return null;
    }
  };
  const alive = (issuedAt: number, lifeSeconds: number, now: Date) =>
    issuedAt + lifeSeconds > now.getTime() / 1000;
  return {
    sign(claims, now) {
      return signed([
        1,
        claims.adId,
        claims.viewer,
        claims.position,
        claims.mode,
        claims.priceMicro,
        Math.floor(now.getTime() / 1000),
        nextNonce(),
      ]);
    },
    verify(token, now) {
      const parts = partsOf(token);
      if (!parts || parts.length !== 8 || parts[0] !== 1) return null;
      const [, adId, viewer, position, mode, priceMicro, issuedAt, nonce] = parts as [
        number,
        number,
        string,
        number,
        AdPricing,
        number,
        number,
        string,
      ];
      if (!alive(issuedAt, AD_TOKEN_TTL_SECONDS, now)) return null;
      return { adId, viewer, position, mode, priceMicro, issuedAt, nonce };
    },
    landing(claims) {
      return signed([2, claims.adId, claims.mode, claims.priceMicro, claims.issuedAt, claims.nonce]);
    },
    verifyLanding(token, now) {
      const parts = partsOf(token);
      if (!parts || parts.length !== 6 || parts[0] !== 2) return null;
      const [, adId, mode, priceMicro, issuedAt, nonce] = parts as [
        number,
        number,
        AdPricing,
        number,
        number,
        string,
      ];
      if (!alive(issuedAt, CONVERSION_WINDOW_SECONDS, now)) return null;
      return { adId, mode, priceMicro, issuedAt, nonce };
    },
  };
}

/** Who a request is, for a token: the signed-in person, else the visitor's browser cookie or address. */
export function viewerKeysOf(userId: number | null, browser: string, address: string): string[] {
  if (userId !== null) return [`u:${userId}`];
  return browser ? [`b:${browser}`, `a:${address}`] : [`a:${address}`];
}
