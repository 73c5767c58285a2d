// Any origin serves as the base: only whether the path leaves it matters.
const BASE = 'https://base.invalid';

/**
 * Where to go after login or sign-up (the `next` parameter, carried through redirects;
 * docs/product/accounts.md#login), or `fallback`. Only same-site paths pass: one leading `/`, not `//` or
 * `/\` (both open another host in browsers), no control characters (browsers drop tabs and newlines, so
 * `/\t/evil.com` becomes `//evil.com`), no scheme. An open redirect on the login page would let a link that
 * shows our address send people, just logged in, anywhere.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\x00-\x1f\x7f]/.test(next)) return fallback;
  try {
    // A second guard: whatever the checks above missed must still resolve on the same origin.
    return new URL(next, BASE).origin === BASE ? next : fallback;
  } catch {
    return fallback;
  }
}
