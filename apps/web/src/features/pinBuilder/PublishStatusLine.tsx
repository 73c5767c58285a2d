import { useTranslation } from 'react-i18next';
import styles from './PinBuilder.module.css';
import type { PublishStatus } from './usePublishPin.ts';

/** The builder's item status in words, in a live region (empty while there is nothing to say). */
export function PublishStatusLine({ status }: { status: PublishStatus | null }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.status} data-status={status ?? undefined}>
      {(status === 'uploading' || status === 'publishing') && (
        <span className={styles.spinner} aria-hidden="true" />
      )}
      {status && t(`pinBuilder.status.${status}`)}
    </p>
  );
}
