import type { UserSummary } from '@pinboard/shared';
import { NAMED_COLLABORATORS } from '@pinboard/shared/board-sorts';
import { useTranslation } from '../../i18n.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { formatCount } from '../profile/formatCount.ts';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './CollaboratorAvatars.module.css';

interface CollaboratorAvatarsProps {
  /** The first collaborators (the API sends up to three). */
  users: readonly UserSummary[];
  /** How many collaborators the board has in all. */
  count: number;
  size?: number;
}

/** Up to three collaborators by avatar and name, then how many more there are ('+2'). */
export function CollaboratorAvatars({ users, count, size = 28 }: CollaboratorAvatarsProps) {
  const { t, i18n } = useTranslation();
  const named = users.slice(0, NAMED_COLLABORATORS);
  const more = Math.max(0, count - named.length);
  if (named.length === 0 && more === 0) return null;
  return (
    <ul className={styles.list} aria-label={t('board.collaboratorsLabel')}>
      {named.map((user) => (
        <li key={user.id} className={styles.item} title={displayName(user)}>
          <PinnerAvatar user={user} size={size} />
          <span className={hidden.visuallyHidden}>{displayName(user)}</span>
        </li>
      ))}
      {more > 0 && (
        <li className={styles.item}>
          <span className={styles.more} style={{ height: size, minWidth: size }} aria-hidden="true">
            +{formatCount(more, i18n.language)}
          </span>
          <span className={hidden.visuallyHidden}>{t('board.moreCollaborators', { count: more })}</span>
        </li>
      )}
    </ul>
  );
}
