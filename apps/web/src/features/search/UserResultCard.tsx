import type { UserProfile } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { countOptions } from '../profile/formatCount.ts';
import { showsFollowerCount } from '../users/followerCount.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './SearchResults.module.css';

/**
 * One person in the people results: picture, name, username and followers (not a personal account's for a
 * visitor; docs/product/site.md#what-visitors-see); the card opens the profile.
 */
export function UserResultCard({ user }: { user: UserProfile }) {
  const { t, i18n } = useTranslation();
  const { viewer } = useViewer();
  return (
    <Link to={`/${user.username}/`} className={styles.userCard}>
      <PinnerAvatar user={user} size={72} />
      <span className={styles.userName}>{displayName(user)}</span>
      <span className={styles.userMeta}>@{user.username}</span>
      {showsFollowerCount(viewer !== null, user) && (
        <span className={styles.userMeta}>
          {t('search.followers', countOptions(user.follower_count, i18n.language))}
        </span>
      )}
    </Link>
  );
}
