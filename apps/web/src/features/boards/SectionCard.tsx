import type { Board, BoardSection } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { countOptions } from '../profile/formatCount.ts';
import styles from './SectionCard.module.css';
import { sectionUrl } from './useBoard.ts';

const PREVIEW_SLOTS = 3;

/** A section in a board's sections row: its latest pins, title and pin count; opens the section. */
export function SectionCard({ board, section }: { board: Board; section: BoardSection }) {
  const { t, i18n } = useTranslation();
  const previews = Array.from({ length: PREVIEW_SLOTS }, (_, i) => section.preview_pins[i]);
  return (
    <article className={styles.card}>
      <Link to={sectionUrl(board, section)} className={styles.link}>
        <div className={styles.preview}>
          {previews.map((preview, i) => (
            <div key={i} className={styles.slot}>
              {preview && (
                <img
                  className={styles.image}
                  src={preview.image_square_url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              )}
            </div>
          ))}
        </div>
        <h3 className={styles.title}>{section.title}</h3>
      </Link>
      <p className={styles.count}>{t('board.pinCount', countOptions(section.pin_count, i18n.language))}</p>
    </article>
  );
}
