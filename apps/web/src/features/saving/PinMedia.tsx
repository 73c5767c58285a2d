import type { Pin } from '@pinboard/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pinAltText } from '../pins/pinText.ts';
import styles from './SaveResult.module.css';

/** 75 -> '1:15'. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The saved pin in the success dialog: its video with the duration when it has one, else its image. */
export function PinMedia({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const [duration, setDuration] = useState<number | null>(null);
  const image = pin.images['236x'];
  if (pin.embed && pin.embed.type.startsWith('video')) {
    return (
      <figure className={styles.media}>
        <video
          className={styles.image}
          src={pin.embed.src}
          poster={image.url}
          controls
          muted
          preload="metadata"
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        />
        {duration !== null && Number.isFinite(duration) && (
          <figcaption className={styles.duration}>
            {t('saving.videoDuration', { duration: formatDuration(duration) })}
          </figcaption>
        )}
      </figure>
    );
  }
  return (
    <figure className={styles.media}>
      <img
        className={styles.image}
        src={image.url}
        width={image.width}
        height={image.height}
        alt={pinAltText(pin, t)}
      />
    </figure>
  );
}
