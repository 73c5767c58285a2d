import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { isSessionEnd, promptFollowSignup, promptOnSessionEnd } from '../auth/promptOnSessionEnd.ts';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './FollowUserButton.module.css';
import { useFollowUser } from './useFollowUser.ts';
import { useUserProfile } from './useUserProfile.ts';

interface FollowUserButtonProps {
  username: string;
  className?: string;
  /**
   * Whether the viewer follows them, when the caller already knows (a row of a follow list): the
   * button starts from it and keeps its own state rather than reading each person's profile.
   */
  followedByMe?: boolean;
  /** Their name, added to the button's label where several buttons sit together (a list). */
  name?: string;
}

/**
 * The one follow button for a person: the closeup, the profile, follow suggestions and follow
 * lists. Without `followedByMe` it reads their profile through `useUserProfile`, so the follower
 * count shown beside it (read the same way) changes with it, at once. Either way a follow shows at
 * once and a refused request puts it back and says so. A visitor is asked to sign up first
 * (docs/product/site.md#login-prompts). Nothing shows for the viewer themself.
 */
export function FollowUserButton({ username, className, followedByMe, name }: FollowUserButtonProps) {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  const { viewer, isLoading } = useViewer();
  const known = followedByMe !== undefined;
  // A list row knows the state; the profile is read only when it does not.
  const profile = useUserProfile(username, { enabled: !known });
  const follow = useFollowUser(username, viewer?.username ?? null);
  const [ownState, setOwnState] = useState(followedByMe ?? false);

  const isSelf = viewer !== null && viewer.username.toLowerCase() === username.toLowerCase();
  if (isSelf || (!known && profile.data?.is_me)) return null;

  const label = (text: string) => (name ? `${text} ${name}` : undefined);
  if (!isLoading && viewer === null) {
    return (
      <Button
        variant="primary"
        className={[styles.link, className].filter(Boolean).join(' ')}
        aria-label={label(t('closeup.follow.follow'))}
        onClick={() => promptFollowSignup(authModal)}
      >
        {t('closeup.follow.follow')}
      </Button>
    );
  }

  const following = known ? ownState : (profile.data?.followed_by_me ?? false);
  // Not `disabled`: a disabled button drops keyboard focus; clicks are ignored instead.
  const busy = isLoading || (!known && !profile.data) || follow.isPending;
  const text = following ? t('closeup.follow.following') : t('closeup.follow.follow');
  return (
    <div className={[styles.wrap, className].filter(Boolean).join(' ')}>
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-disabled={busy || undefined}
        aria-pressed={following}
        aria-label={label(text)}
        onClick={() => {
          if (busy) return;
          const next = !following;
          if (known) setOwnState(next);
          follow.mutate(next, {
            onError: (error) => {
              if (known) setOwnState(!next);
              // A session that ended meanwhile gets the login prompt for what was tried.
              promptOnSessionEnd(authModal, error, next ? 'follow' : 'unfollow');
            },
          });
        }}
      >
        {text}
      </Button>
      {follow.isError && !isSessionEnd(follow.error) && (
        <p role="alert" className={styles.error}>
          {/* What was tried, not the state the button went back to. */}
          {follow.variables ? t('closeup.follow.followFailed') : t('closeup.follow.unfollowFailed')}
        </p>
      )}
    </div>
  );
}
