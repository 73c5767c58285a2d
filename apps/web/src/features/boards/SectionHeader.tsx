import type { Board, BoardSection } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { displayName } from '../pins/pinText.ts';
import { countOptions } from '../profile/formatCount.ts';
import styles from './SectionHeader.module.css';

/** The top of a section page: owner › board › section, then the section's title and pin count. */
export function SectionHeader({ board, section }: { board: Board; section: BoardSection }) {
  const { t, i18n } = useTranslation();
  return (
    <header className={styles.header}>
      <nav aria-label={t('board.breadcrumbLabel')}>
        <ol className={styles.breadcrumb}>
          <li>
            <Link to={`/${board.owner.username}/`} className={styles.crumb}>
              {displayName(board.owner)}
            </Link>
          </li>
          <li>
            <Link to={board.url} className={styles.crumb}>
              {board.name}
            </Link>
          </li>
          <li aria-current="page" className={styles.current}>
            {section.title}
          </li>
        </ol>
      </nav>
      <h1 className={styles.title}>{section.title}</h1>
      <p className={styles.stats}>{t('board.pinCount', countOptions(section.pin_count, i18n.language))}</p>
    </header>
  );
}
