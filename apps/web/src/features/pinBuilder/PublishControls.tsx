import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './PinBuilder.module.css';
import type { PublishStatus } from './usePublishPin.ts';

/** The builder's item status (docs/product/creating.md#api-calls) while media uploads or the pin is sent. */
export function publishStatus(
  uploading: boolean,
  publish: { isPending: boolean; isError: boolean },
): PublishStatus | null {
  if (uploading) return 'uploading';
  if (publish.isPending) return 'publishing';
  return publish.isError ? 'attempted' : null;
}

/**
 * Both builders' Publish row: the status in words in a live region, the submit button (off
 * while uploading or publishing) and the server's refusal under it.
 */
export function PublishControls({ status, error }: { status: PublishStatus | null; error: Error | null }) {
  const { t } = useTranslation();
  const busy = status === 'uploading' || status === 'publishing';
  return (
    <>
      <div className={styles.publishRow}>
        <p role="status" className={styles.status} data-status={status ?? undefined}>
          {busy && <Spinner />}
          {status && t(`pinBuilder.status.${status}`)}
        </p>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('pinBuilder.publish')}
        </Button>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {errorMessage(t, error, 'pinBuilder.errors.generic', { otherwise: 'serverDetail' })}
        </p>
      )}
    </>
  );
}
