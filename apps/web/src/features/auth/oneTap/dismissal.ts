const KEY = 'pinboard.oneTapDismissedAt';

/**
 * How long the one-tap card stays away once dismissed (ours: the product says only that it is
 * dismissable). A week: long enough that a visitor who said no is not asked in every tab and on
 * every visit, short enough that one who comes back later is offered it again.
 */
export const ONE_TAP_DISMISSED_MS = 7 * 24 * 60 * 60 * 1000;

/** When the card was last dismissed in this browser (every tab: localStorage), or null. */
function dismissedAt(): number | null {
  try {
    const at = Number(localStorage.getItem(KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

export function isOneTapDismissed(now = Date.now()): boolean {
  const at = dismissedAt();
  return at !== null && now - at >= 0 && now - at < ONE_TAP_DISMISSED_MS;
}

export function dismissOneTap(now = Date.now()) {
  try {
    localStorage.setItem(KEY, String(now));
  } catch {
    // Storage blocked: the card goes for this page only.
  }
}

/** Calls `callback` when another tab dismisses the card; returns the unsubscribe. */
export function onOneTapDismissedElsewhere(callback: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === KEY && isOneTapDismissed()) callback();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** Pages that exist to log in or sign up: no one-tap card there (their own buttons do it). */
export const NO_ONE_TAP_PAGES = /^\/(login|signup|add-account|password)(\/|$)/;
