import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { isSessionEnd, promptFollowLogin, promptOnSessionEnd } from '../auth/promptOnSessionEnd.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './FollowUserButton.module.css';
import { useFollowUser } from './useFollowUser.ts';
import { useUserProfile } from './useUserProfile.ts';

interface FollowUserButtonProps {
  username: string;
  className?: string;
}

/**
 * Follow or unfollow a person. It reads their profile through `useUserProfile`, so the follower count shown
 * beside it (read the same way) changes with it, at once; a refused request puts both back and says so. A
 * visitor is asked to log in first (docs/product/site.md#login-prompts). Nothing shows on the viewer's own
 * profile.
 */
export function FollowUserButton({ username, className }: FollowUserButtonProps) {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  const { viewer, isLoading } = useViewer();
  const profile = useUserProfile(username);
  const follow = useFollowUser(username, viewer?.username ?? null);

  const isSelf = viewer !== null && viewer.username.toLowerCase() === username.toLowerCase();
  if (isSelf || profile.data?.is_me) return null;

  if (!isLoading && viewer === null) {
    return (
      <Button
        variant="primary"
        className={[styles.link, className].filter(Boolean).join(' ')}
        onClick={() => promptFollowLogin(authModal, 'follow')}
      >
        {t('closeup.follow.follow')}
      </Button>
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
          if (busy) return;
          // A session that ended meanwhile gets the login prompt for what was tried.
          const prompt = following ? 'unfollow' : 'follow';
          follow.mutate(!following, { onError: (error) => promptOnSessionEnd(authModal, error, prompt) });
        }}
      >
        {following ? t('closeup.follow.following') : t('closeup.follow.follow')}
      </Button>
      {follow.isError && !isSessionEnd(follow.error) && (
        <p role="alert" className={styles.error}>
          {following ? t('closeup.follow.unfollowFailed') : t('closeup.follow.followFailed')}
        </p>
      )}
    </div>
  );
}
