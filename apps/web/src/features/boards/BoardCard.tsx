import type { Board } from '@pinboard/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countOptions } from '../profile/formatCount.ts';
import styles from './BoardCard.module.css';
import { BoardCover } from './BoardCover.tsx';
import { CollaboratorAvatars } from './CollaboratorAvatars.tsx';
import { PrivacyIcon } from './PrivacyIcon.tsx';

/**
 * One board in a profile's grid (docs/product/boards.md#screens): cover, name with a lock when secret,
 * pin and section counts, and collaborator avatars. The cover and name open the board.
 */
export function BoardCard({ board }: { board: Board }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={styles.card}>
      <Link to={board.url} className={styles.link}>
        <BoardCover board={board} />
        <h3 className={styles.name}>
          <span className={styles.nameText}>{board.name}</span> <PrivacyIcon privacy={board.privacy} />
        </h3>
      </Link>
      <div className={styles.meta}>
        <p className={styles.counts}>
          {t('board.pinCount', countOptions(board.pin_count, i18n.language))}
          {board.section_count > 0 && (
            <> · {t('board.sectionCount', countOptions(board.section_count, i18n.language))}</>
          )}
        </p>
        <CollaboratorAvatars users={board.collaborating_users} count={board.collaborator_count} size={24} />
      </div>
    </article>
  );
}
