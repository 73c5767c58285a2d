import type { Board } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { countOptions } from '../profile/formatCount.ts';
import styles from './BoardCard.module.css';
import { BoardCover } from './BoardCover.tsx';
import { CollaboratorAvatars } from './CollaboratorAvatars.tsx';
import { PrivacyIcon } from './PrivacyIcon.tsx';

/**
 * One board in a profile's grid (docs/product/boards.md#screens): cover, name with a lock when secret,
 * pin and section counts, and collaborator avatars. The cover and name open the board. Where boards
 * of many people mix (search results), `showOwner` adds the owner's avatar and name, a link to them.
 */
export function BoardCard({ board, showOwner = false }: { board: Board; showOwner?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={styles.card}>
      <Link to={board.url} className={styles.link}>
        <BoardCover board={board} />
        <h3 className={styles.name}>
          <span className={styles.nameText}>{board.name}</span> <PrivacyIcon privacy={board.privacy} />
        </h3>
      </Link>
      {showOwner && (
        <Link to={`/${board.owner.username}/`} className={styles.owner}>
          <PinnerAvatar user={board.owner} size={24} />
          <span className={styles.ownerName}>{displayName(board.owner)}</span>
        </Link>
      )}
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
