import { ApiRequestError } from '../../api/client.ts';

/**
 * The code a lookup may answer 401 with for a pin a visitor may not see (our server answers
 * 404, which reads the same as a pin that does not exist; docs/product/pins.md#signed-out-access).
 */
const SIGNED_OUT_UNAVAILABLE_CODE = 7;

/** A pin the viewer cannot have: missing, hidden from them, or asked for by an id that is none. */
export function isPinUnavailable(error: unknown): boolean {
  // A malformed id is refused as a bad `id` before any lookup: for the viewer it is just as missing.
  return (
    error instanceof ApiRequestError &&
    (error.status === 404 ||
      (error.status === 400 && error.field === 'id') ||
      (error.status === 401 && error.apiErrorCode === SIGNED_OUT_UNAVAILABLE_CODE))
  );
}

/**
 * Where a signed-out viewer goes instead of an unavailable pin: home, or the ideas page when
 * they came from one, with the flag the page shows a notice for.
 */
export function signedOutPinRedirect(pathname: string): string {
  return `${/^\/ideas(\/|$)/.test(pathname) ? '/ideas/' : '/'}?error=pin_not_found`;
}

/**
 * A lookup answered 301 with a `redirectUrl` (a pin that moved) goes there; only a path on
 * this site is followed, so an answer can never send the viewer elsewhere.
 */
export function movedPinUrl(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 301) return null;
  const target = error.data.redirectUrl;
  return typeof target === 'string' && /^\/(?![/\\])/.test(target) ? target : null;
}
