import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import buttonStyles from '../../ui/Button.module.css';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './FollowUserButton.module.css';
import { useFollowUser } from './useFollowUser.ts';
import { useUserProfile } from './useUserProfile.ts';

interface FollowUserButtonProps {
  username: string;
  className?: string;
}

/**
 * Follow or unfollow a person. It reads their profile through `useUserProfile`, so the
 * follower count shown beside it (read the same way) changes with it, at once; a refused
 * request puts both back and says so. A visitor gets a link to log in and come back here.
 * Nothing shows on the viewer's own profile.
 */
export function FollowUserButton({ username, className }: FollowUserButtonProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { viewer, isLoading } = useViewer();
  const profile = useUserProfile(username);
  const follow = useFollowUser(username, viewer?.username ?? null);

  const isSelf = viewer !== null && viewer.username.toLowerCase() === username.toLowerCase();
  if (isSelf || profile.data?.is_me) return null;

  if (!isLoading && viewer === null) {
    const next = `${location.pathname}${location.search}`;
    return (
      <Link
        to={`/login/?next=${encodeURIComponent(next)}`}
        className={[buttonStyles.button, buttonStyles.primary, styles.link, className]
          .filter(Boolean)
          .join(' ')}
      >
        {t('closeup.follow.follow')}
      </Link>
    );
  }

  const following = profile.data?.followed_by_me ?? false;
  // Not `disabled`: a disabled button drops keyboard focus; clicks are ignored instead.
  const busy = isLoading || !profile.data || follow.isPending;
  return (
    <div className={[styles.wrap, className].filter(Boolean).join(' ')}>
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) follow.mutate(!following);
        }}
      >
        {following ? t('closeup.follow.following') : t('closeup.follow.follow')}
      </Button>
      {follow.isError && (
        <p role="alert" className={styles.error}>
          {following ? t('closeup.follow.unfollowFailed') : t('closeup.follow.followFailed')}
        </p>
      )}
    </div>
  );
}
