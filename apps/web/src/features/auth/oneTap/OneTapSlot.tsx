import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useViewer } from '../../viewer/useViewer.ts';
import { isOneTapDismissed, oneTapMayShow } from './dismissal.ts';
import { whenPageSettled } from './whenPageSettled.ts';

// Its own chunk (the card, the popup, the sign-up call and the 'Welcome' state); this file is
// all the first page carries.
const OneTapCard = lazy(async () => ({ default: (await import('./OneTapCard.tsx')).OneTapCard }));

/**
 * Where the one-tap card mounts (decision 21 'One-tap'): for a signed-out visitor, off the
 * login and sign-up pages, not after a dismissal, its chunk (with zod, the shared rules and the
 * sign-up code) is loaded once the page has settled: after the load event, a quiet network and
 * an idle moment (whenPageSettled.ts), so the first page's own requests and work come first. Once loaded it stays: the card hides itself, and
 * its 'Welcome' state outlives the sign-in that ends it.
 */
export function OneTapSlot() {
  const { session } = useViewer();
  const { pathname } = useLocation();
  const [load, setLoad] = useState(false);
  const wanted = oneTapMayShow(session, pathname) && !isOneTapDismissed();

  useEffect(() => {
    if (!wanted || load) return;
    return whenPageSettled(() => setLoad(true));
  }, [wanted, load]);

  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <OneTapCard />
    </Suspense>
  );
}
