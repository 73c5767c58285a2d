import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiRequestError } from '../../api/client.ts';
import { Button } from '../../ui/Button.tsx';
import { usePinPages } from '../pins/usePinPages.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { closeupKeys } from './closeupKeys.ts';
import styles from './PinCloseup.module.css';
import { PinDetails } from './PinDetails.tsx';
import { PinNotFound } from './PinNotFound.tsx';
import { RelatedPins } from './RelatedPins.tsx';
import { usePin } from './usePin.ts';

/** Where a signed-out viewer lands after asking for a missing pin (spec 3 section 4.4). */
export const PIN_NOT_FOUND_REDIRECT = '/?error=pin_not_found';

function isNotFound(error: unknown): boolean {
  // A malformed id is refused as a bad `id` before any lookup: for the viewer it is just as missing.
  return (
    error instanceof ApiRequestError &&
    (error.status === 404 || (error.status === 400 && error.field === 'id'))
  );
}

/** The pin closeup page: the pin, then 'More like this'. Both requests start together. */
export function PinCloseup({ id }: { id: string }) {
  const { t } = useTranslation();
  const pin = usePin(id);
  const related = usePinPages(closeupKeys.related(id), `/v3/pins/${encodeURIComponent(id)}/related/`);
  const { viewer, isLoading: viewerLoading } = useViewer();

  if (pin.isPending || (isNotFound(pin.error) && viewerLoading)) {
    return (
      <p role="status" className={styles.message}>
        {t('closeup.loading')}
      </p>
    );
  }
  if (isNotFound(pin.error)) {
    // Spec 3 section 4.4: a signed-out viewer goes home with an error flag; a member sees why.
    return viewer === null ? <Navigate to={PIN_NOT_FOUND_REDIRECT} replace /> : <PinNotFound />;
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
