import type { Pin } from '@pinboard/shared';
import { useTranslation } from 'react-i18next';
import styles from './PinGrid.module.css';

interface PinGridProps {
  pins: readonly Pin[];
  /** Names the list for assistive technology (and for tests finding it by role). */
  label: string;
}

/** A plain CSS-columns grid; the virtualised masonry replaces it once feeds get long. */
export function PinGrid({ pins, label }: PinGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {pins.map((pin) => (
        <li key={pin.id} className={styles.item}>
          <PinCard pin={pin} />
        </li>
      ))}
    </ul>
  );
}

function PinCard({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const image = pin.images['236x'];
  const pinnerName = pin.pinner.full_name || pin.pinner.username;
  return (
    <article className={styles.card}>
      {/* width/height reserve the box before the image arrives; the dominant colour fills it meanwhile. */}
      <img
        className={styles.image}
        src={image.url}
        width={image.width}
        height={image.height}
        alt={pin.title || pin.description || t('pin.untitled', { name: pinnerName })}
        loading="lazy"
        decoding="async"
        style={{ backgroundColor: pin.dominant_color }}
      />
      {pin.title && <h2 className={styles.title}>{pin.title}</h2>}
      <p className={styles.pinner}>{pinnerName}</p>
    </article>
  );
}
