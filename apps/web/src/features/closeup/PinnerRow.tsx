import type { UserSummary } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { FollowUserButton } from '../users/FollowUserButton.tsx';
import { showsFollowerCount } from '../users/followerCount.ts';
import { useUserProfile } from '../users/useUserProfile.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './PinCloseup.module.css';

/** Who pinned it: picture, name and follower count (linking to their profile), and a follow button. */
export function PinnerRow({ pinner }: { pinner: UserSummary }) {
  const { t } = useTranslation();
  const profile = useUserProfile(pinner.username);
  const { viewer } = useViewer();
  const count =
    profile.data && showsFollowerCount(viewer !== null, profile.data) ? profile.data.follower_count : null;
  return (
    <div className={styles.pinner}>
      <Link to={`/${pinner.username}/`} className={styles.pinnerLink}>
        <PinnerAvatar user={pinner} size={48} />
        <span className={styles.pinnerText}>
          <span className={styles.pinnerName}>{displayName(pinner)}</span>
          {/* A reserved line, so the count arriving does not move anything. */}
          <span className={styles.followers}>
            {count === null ? '\u00a0' : t('closeup.followers', { count })}
          </span>
        </span>
      </Link>
      <FollowUserButton username={pinner.username} />
    </div>
  );
}
