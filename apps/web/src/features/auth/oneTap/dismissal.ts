const KEY = 'pinboard.oneTapDismissed';

/**
 * The one-tap card, once dismissed, stays away for the rest of the browser session (ours: the
 * product says only that it is dismissable).
 */
export function isOneTapDismissed(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissOneTap() {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage blocked: the card goes for this page only.
  }
}

/** Pages that exist to log in or sign up: no one-tap card there (their own buttons do it). */
export const NO_ONE_TAP_PAGES = /^\/(login|signup|add-account|password)(\/|$)/;
