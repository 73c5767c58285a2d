import './words.ts';
import { lazy, Suspense } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PageLoading } from '../../routes/RootLayout.tsx';
import { useViewportClass } from '../shell/useViewportClass.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { DesktopPinCreate } from './DesktopPinCreate.tsx';
import { InstagramUpsell } from './InstagramUpsell.tsx';
import { MobilePinCreate } from './MobilePinCreate.tsx';
import { ownPinIdOf, readPinCreateParams } from './pinCreateParams.ts';
import { isPopupWindow } from './usePopupWindow.ts';

// The login panel (the auth flow) loads only for a visitor.
const SignedOutPinCreate = lazy(async () => ({
  default: (await import('./SignedOutPinCreate.tsx')).SignedOutPinCreate,
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
