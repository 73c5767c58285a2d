import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useViewer } from '../../viewer/useViewer.ts';
import { isOneTapDismissed, NO_ONE_TAP_PAGES } from './dismissal.ts';

// Its own chunk (the card, the popup, the sign-up call and the 'Welcome' state); this file is
// all the first page carries.
const OneTapCard = lazy(async () => ({ default: (await import('./OneTapCard.tsx')).OneTapCard }));

/** How long the card may wait for an idle moment after the page settles. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Where the one-tap card mounts (decision 21 'One-tap'): for a signed-out visitor, off the
 * login and sign-up pages, not after a dismissal, its chunk is loaded once the browser is idle,
 * so the first page's own work comes first. Once loaded it stays: the card hides itself, and
 * its 'Welcome' state outlives the sign-in that ends it.
 */
export function OneTapSlot() {
  const { session } = useViewer();
  const { pathname } = useLocation();
  const [load, setLoad] = useState(false);
  const wanted =
    session !== null && session.type !== 'AUTH' && !NO_ONE_TAP_PAGES.test(pathname) && !isOneTapDismissed();

  useEffect(() => {
    if (!wanted || load) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setLoad(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setLoad(true), IDLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [wanted, load]);

  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <OneTapCard />
    </Suspense>
  );
}
