import { api, endpointKey } from '../../api/endpoints.ts';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Navigate, useLocation } from 'react-router';
import { ErrorState, LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { usePinPages } from '../pins/usePinPages.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './PinCloseup.module.css';
import { PinDetails } from './PinDetails.tsx';
import { isPinUnavailable, movedPinUrl, signedOutPinRedirect } from './pinAccess.ts';
import { RelatedPins } from './RelatedPins.tsx';
import { usePin } from './usePin.ts';

// Only the pinner of a removed pin sees it (decision 54): its notice and Appeal form are a chunk of their own.
const RemovedPinNotice = lazy(async () => ({
  default: (await import('../moderation/RemovedPinNotice.tsx')).RemovedPinNotice,
}));

/** The pin closeup page: the pin, then 'More like this'. Both requests start together. */
export function PinCloseup({ id }: { id: string }) {
  const { t } = useTranslation();
  const pin = usePin(id);
  // Below the closeup and the slowest of its queries: the server render does not wait for it.
  const related = usePinPages(
    endpointKey('listRelatedPins', { params: { id } }),
    (page, signal) => api.listRelatedPins({ params: { id }, query: page }, { signal }),
    { deferToBrowser: true },
  );
  const { viewer, isLoading: viewerLoading } = useViewer();
  const { pathname } = useLocation();

  const moved = movedPinUrl(pin.error);
  if (moved) return <Navigate to={moved} replace />;
  if (pin.isPending || (isPinUnavailable(pin.error) && viewerLoading)) {
    return <LoadingState text={t('closeup.loading')} />;
  }
  if (isPinUnavailable(pin.error)) {
    // A signed-out viewer goes home with an error flag; a member sees why.
    // The API does not say which: deleted, or on a board the viewer may not see.
    return viewer === null ? (
      <Navigate to={signedOutPinRedirect(pathname)} replace />
    ) : (
      <NotFoundState
        documentTitle={t('closeup.notFound.documentTitle')}
        title={t('closeup.notFound.title')}
        body={t('closeup.notFound.body')}
      />
    );
  }
  if (pin.isError) {
    return <ErrorState text={t('closeup.error')} onRetry={() => void pin.refetch()} />;
  }
  return (
    <div className={styles.page}>
      {pin.data.removal && (
        <Suspense fallback={null}>
          <RemovedPinNotice pin={pin.data} />
        </Suspense>
      )}
      <PinDetails pin={pin.data} />
      <RelatedPins related={related} />
    </div>
  );
}
