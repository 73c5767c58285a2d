import type { FollowListUser } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { countOptions } from '../profile/formatCount.ts';
import { FollowUserButton } from '../users/FollowUserButton.tsx';
import styles from './FollowList.module.css';

/**
 * One person of a follow list: their picture and name (a link to their profile) and the follow
 * button every page uses, started from what the list says (no profile read per row).
 */
export function FollowListRow({ user, onNavigate }: { user: FollowListUser; onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  const name = displayName(user);
  return (
    <li className={styles.row}>
      <Link to={`/${user.username}/`} className={styles.person} onClick={onNavigate}>
        <PinnerAvatar user={user} size={48} />
        <span className={styles.names}>
          <span className={styles.name}>{name}</span>
          <span className={styles.count}>
            {t('people.followerCount', countOptions(user.follower_count, i18n.language))}
          </span>
        </span>
      </Link>
      {user.is_me ? (
        <span className={styles.you}>{t('people.you')}</span>
      ) : (
        <FollowUserButton username={user.username} followedByMe={user.followed_by_me} name={name} />
      )}
    </li>
  );
}
