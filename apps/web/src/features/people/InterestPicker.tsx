import type { Interest } from '@pinboard/shared/discover';
import { useTranslation } from '../../i18n.ts';
import styles from './InterestPicker.module.css';
import './words.ts';

interface InterestPickerProps {
  interests: Interest[];
  /** Chosen names that are no longer in the catalogue: shown too (without a picture), so they can be removed. */
  extra?: string[];
  selected: ReadonlySet<string>;
  onToggle: (name: string) => void;
  labelledBy: string;
}

/** Interest tiles to pick from: toggle buttons (Space or Enter), each with its picture. */
export function InterestPicker({
  interests,
  extra = [],
  selected,
  onToggle,
  labelledBy,
}: InterestPickerProps) {
  const { t } = useTranslation();
  const tiles = [
    ...interests.map((interest) => ({ name: interest.name, cover: interest.cover })),
    ...extra.map((name) => ({ name, cover: null })),
  ];
  return (
    <ul className={styles.grid} aria-labelledby={labelledBy}>
      {tiles.map(({ name, cover }) => {
        const on = selected.has(name);
        return (
          <li key={name}>
            <button
              type="button"
              className={cover ? styles.tile : `${styles.tile} ${styles.plain}`}
              aria-pressed={on}
              style={cover ? { backgroundColor: cover.dominant_color } : undefined}
              onClick={() => onToggle(name)}
            >
              {cover && (
                <img className={styles.picture} src={cover.images['236x'].url} alt="" loading="lazy" />
              )}
              <span className={styles.name}>{t('people.interestName', { name })}</span>
              {on && (
                <span className={styles.check} aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
