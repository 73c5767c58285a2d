import { useTranslation } from '../../i18n.ts';
import { formatDuration } from './formatDuration.ts';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './VideoDuration.module.css';

/** A video pin's length over its picture's corner; read out as 'Video, 0:15'. */
export function VideoDuration({ durationMs, large = false }: { durationMs: number; large?: boolean }) {
  const { t } = useTranslation();
  const duration = formatDuration(durationMs);
  return (
    <span className={large ? `${styles.badge} ${styles.large}` : styles.badge}>
      <span aria-hidden="true">{duration}</span>
      <span className={hidden.visuallyHidden}>{t('pin.videoDuration', { duration })}</span>
    </span>
  );
}
