import type { Pin, Video } from '@pinboard/shared';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../pins/formatDuration.ts';
import closeup from './PinCloseup.module.css';
import styles from './VideoPlayer.module.css';

/** A video pin in the closeup: the browser's player with controls, the poster frame, its length. */
export function VideoPlayer({ pin, video, label }: { pin: Pin; video: Video; label: string }) {
  const { t } = useTranslation();
  const duration = formatDuration(video.duration_ms);
  return (
    <figure className={styles.video}>
      <video
        className={closeup.image}
        src={video.url}
        poster={pin.images['736x'].url}
        width={video.width}
        height={video.height}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        style={{ backgroundColor: pin.dominant_color }}
      />
      <figcaption className={styles.duration}>
        <span aria-hidden="true">{duration}</span>
        <span className={closeup.visuallyHidden}>{t('pin.videoDuration', { duration })}</span>
      </figcaption>
    </figure>
  );
}
