import type { UserSummary } from '@pinboard/shared';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import { useFollowUser } from '../users/useFollowUser.ts';
import styles from './SaveResult.module.css';

/**
 * The follow prompt for the official account of the pin's link domain
 * (docs/product/saving.md#save-success-dialog). The server names that account only when the viewer may follow
 * it and does not yet.
 */
export function FollowRow({ user, viewerUsername }: { user: UserSummary; viewerUsername: string | null }) {
  const { t } = useTranslation();
  const follow = useFollowUser(user.username, viewerUsername);
  const [following, setFollowing] = useState(false);
  const name = displayName(user);
  return (
    <div className={styles.followRow}>
      <PinnerAvatar user={user} size={40} />
      <span className={styles.followName}>{t('saving.followPrompt', { name })}</span>
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        disabled={follow.isPending}
        onClick={() => {
          const next = !following;
          setFollowing(next);
          follow.mutate(next, { onError: () => setFollowing(!next) });
        }}
      >
        {following ? t('saving.following') : t('saving.follow')}
      </Button>
    </div>
  );
}
