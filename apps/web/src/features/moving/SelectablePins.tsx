import type { Pin } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { pinAltText } from '../pins/pinText.ts';
import styles from './SelectablePins.module.css';

interface SelectablePinsProps {
  pins: Pin[];
  selected: ReadonlySet<string>;
  onToggle: (pinId: string) => void;
}

/**
 * The pins as a plain grid of thumbnails, each with a checkbox, for 'Organize' mode. Cards do
 * not open their pin here: a click anywhere on one toggles it.
 */
export function SelectablePins({ pins, selected, onToggle }: SelectablePinsProps) {
  const { t } = useTranslation();
  return (
    <ul className={styles.grid} aria-label={t('moving.selectableLabel')}>
      {pins.map((pin) => {
        const alt = pinAltText(pin, t);
        const image = pin.images['236x'];
        return (
          <li key={pin.id} className={styles.item}>
            <label className={selected.has(pin.id) ? `${styles.card} ${styles.checked}` : styles.card}>
              <input
                type="checkbox"
                className={styles.checkbox}
                checked={selected.has(pin.id)}
                onChange={() => onToggle(pin.id)}
                aria-label={t('moving.selectPin', { title: alt })}
              />
              <img
                className={styles.image}
                src={image.url}
                width={image.width}
                height={image.height}
                alt=""
                loading="lazy"
                style={{ backgroundColor: pin.dominant_color }}
              />
            </label>
          </li>
        );
      })}
    </ul>
  );
}
