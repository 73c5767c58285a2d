import '../features/pinCreate/words.ts';
import { lazy, Suspense } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../ui/PageLoading.tsx';
import { useViewportClass } from '../features/shell/useViewportClass.ts';
import { useViewer } from '../features/viewer/useViewer.ts';
import { DesktopPinCreate } from '../features/pinCreate/DesktopPinCreate.tsx';
import { InstagramUpsell } from '../features/pinCreate/InstagramUpsell.tsx';
import { MobilePinCreate } from '../features/pinCreate/MobilePinCreate.tsx';
import { ownPinIdOf, readPinCreateParams } from '../features/pinCreate/pinCreateParams.ts';
import { isPopupWindow } from '../features/pinCreate/usePopupWindow.ts';

// The login panel (the auth flow) loads only for a visitor.
const SignedOutPinCreate = lazy(async () => ({
  default: (await import('../features/pinCreate/SignedOutPinCreate.tsx')).SignedOutPinCreate,
}));

/**
 * `pin/create/{method}` (docs/product/creating.md#pin-create-page): the bookmarklet's and share links' page.
 * A narrow viewport (below 870 px; docs/product/site.md#layout) that is not a popup gets the mobile layout; a
 * popup (750 px wide, so narrow too) and wider windows the desktop layout. A signed-out visitor gets the Pin
 * Builder with login on desktop, `/` on mobile.
 */
export function PinCreatePage() {
  const { method } = useParams();
  const [search] = useSearchParams();
  const { session, isLoading } = useViewer();
  const narrow = useViewportClass() === 'narrow' && !isPopupWindow();
  const params = readPinCreateParams(search, method);

  if (isLoading) return <PageLoading />;
  if (session?.type !== 'AUTH') {
    if (narrow) return <Navigate to="/" replace />;
    return (
      <Suspense fallback={<PageLoading />}>
        <SignedOutPinCreate params={params} />
      </Suspense>
    );
  }
  if (narrow) {
    const ownPin = ownPinIdOf(params.url, window.location.origin);
    if (ownPin) return <Navigate to={`/pin/${ownPin}/repin/x/`} replace />;
  }
  return (
    <>
      {narrow ? <MobilePinCreate params={params} /> : <DesktopPinCreate params={params} />}
      <InstagramUpsell link={params.url} />
    </>
  );
}
