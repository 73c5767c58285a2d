/**
 * When the card may show again in this browser, once dismissed (every tab: localStorage). A time to
 * come rather than the time of the dismissal, so that index.html's first script, which reads it
 * before the first paint to keep no column for the card, needs no rule of its own.
 */
const KEY = 'pinboard.oneTapDismissedUntil';

/**
 * The attribute on `<html>` that says the card is away for good on this page (dismissed now or
 * before, or no Google sign-in here): the page gives back the column it kept for the card
 * (RootLayout.module.css). index.html's first script sets it for a dismissal before the first paint;
 * the server sends it in every page of a deployment where Google sign-in cannot work.
 */
const AWAY_ATTRIBUTE = 'data-one-tap-away';

/**
 * How long the one-tap card stays away once dismissed (ours: the product says only that it is
 * dismissable). A week: long enough that a visitor who said no is not asked in every tab and on
 * every visit, short enough that one who comes back later is offered it again.
 */
export const ONE_TAP_DISMISSED_MS = 7 * 24 * 60 * 60 * 1000;

/** When the card may show again, or null. */
function dismissedUntil(): number | null {
  try {
    const until = Number(localStorage.getItem(KEY));
    return Number.isFinite(until) && until > 0 ? until : null;
  } catch {
    return null;
  }
}

export function isOneTapDismissed(now = Date.now()): boolean {
  // The same test as index.html's first script, so the page and the card agree.
  const until = dismissedUntil();
  return until !== null && now < until;
}

/** The card will not show on this page: its column goes back to the page. */
export function markOneTapAway() {
  document.documentElement.setAttribute(AWAY_ATTRIBUTE, '');
}

export function dismissOneTap(now = Date.now()) {
  markOneTapAway();
  try {
    localStorage.setItem(KEY, String(now + ONE_TAP_DISMISSED_MS));
  } catch {
    // Storage blocked: the card goes for this page only.
  }
}

/** Calls `callback` when another tab dismisses the card; returns the unsubscribe. */
export function onOneTapDismissedElsewhere(callback: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== KEY || !isOneTapDismissed()) return;
    markOneTapAway();
    callback();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** Pages that exist to log in or sign up: no one-tap card there (their own buttons do it). */
export const NO_ONE_TAP_PAGES = /^\/(login|signup|add-account|password)(\/|$)/;

/**
 * Whether the card may show on this page, as far as is known before the browser is asked (its
 * storage) or the server (Google sign-in): a visitor, off the pages that exist to sign in. The
 * server's render and the browser's first agree on it.
 */
export function oneTapMayShow(session: { type: string } | null, pathname: string): boolean {
  return session !== null && session.type !== 'AUTH' && !NO_ONE_TAP_PAGES.test(pathname);
}
