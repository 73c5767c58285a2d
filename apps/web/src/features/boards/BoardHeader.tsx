import type { Board } from '@pinboard/shared';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { FollowCountButton } from '../people/FollowCountButton.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { countOptions } from '../profile/formatCount.ts';
import styles from './BoardHeader.module.css';
import { CollaboratorAvatars } from './CollaboratorAvatars.tsx';
import { PrivacyIcon } from './PrivacyIcon.tsx';

/**
 * The top of a board page: name, privacy, owner and collaborators, description and counts;
 * `actions` (follow, the owner's menu) come from their own lazy chunk, into a row whose height is
 * kept from the first paint, so nothing moves when they arrive.
 */
export function BoardHeader({ board, actions }: { board: Board; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{board.name}</h1>
      {board.privacy !== 'public' && (
        <p className={styles.badge}>
          <PrivacyIcon privacy={board.privacy} decorative />
          {t(`board.privacyBadge.${board.privacy}`)}
        </p>
      )}
      <div className={styles.people}>
        <Link to={`/${board.owner.username}/`} className={styles.owner}>
          <PinnerAvatar user={board.owner} size={32} />
          <span>{t('board.owner', { name: displayName(board.owner) })}</span>
        </Link>
        <CollaboratorAvatars users={board.collaborating_users} count={board.collaborator_count} size={32} />
      </div>
      {board.description && <p className={styles.description}>{board.description}</p>}
      <p className={styles.stats}>
        {t('board.pinCount', countOptions(board.pin_count, i18n.language))} ·{' '}
        <FollowCountButton
          source={{ kind: 'boardFollowers', boardId: board.id }}
          boardName={board.name}
          label={t('board.followers', countOptions(board.follower_count, i18n.language))}
        />
      </p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
