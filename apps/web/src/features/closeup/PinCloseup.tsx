import { api, endpointKey } from '../../api/endpoints.ts';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { usePinPages } from '../pins/usePinPages.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './PinCloseup.module.css';
import { PinDetails } from './PinDetails.tsx';
import { PinNotFound } from './PinNotFound.tsx';
import { isPinUnavailable, movedPinUrl, signedOutPinRedirect } from './pinAccess.ts';
import { RelatedPins } from './RelatedPins.tsx';
import { usePin } from './usePin.ts';

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
    return (
      <p role="status" className={styles.message}>
        {t('closeup.loading')}
      </p>
    );
  }
  if (isPinUnavailable(pin.error)) {
    // A signed-out viewer goes home with an error flag; a member sees why.
    return viewer === null ? <Navigate to={signedOutPinRedirect(pathname)} replace /> : <PinNotFound />;
  }
  if (pin.isError) {
    return (
      <div role="alert" className={styles.message}>
        <p>{t('closeup.error')}</p>
        <Button onClick={() => void pin.refetch()}>{t('closeup.retry')}</Button>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PinDetails pin={pin.data} />
      <RelatedPins related={related} />
    </div>
  );
}
