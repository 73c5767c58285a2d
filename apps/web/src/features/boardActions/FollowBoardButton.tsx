import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { promptFollowSignup, promptOnSessionEnd } from '../auth/promptOnSessionEnd.ts';
import { useFollowBoard } from './useFollowBoard.ts';

interface FollowBoardButtonProps {
  board: Board;
  boardKey: QueryKey;
  /** Whether the viewer is signed in (a visitor gets sign-up instead). */
  signedIn: boolean;
}

/**
 * Follow or unfollow a board (not shown to its owner). Optimistic; a refused request puts the button and the
 * follower count back without a message (docs/product/boards.md#messages). A visitor is asked to sign up
 * first, as with following people.
 */
export function FollowBoardButton({ board, boardKey, signedIn }: FollowBoardButtonProps) {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  const follow = useFollowBoard(board.id, boardKey);

  if (!signedIn) {
    return (
      <Button variant="primary" onClick={() => promptFollowSignup(authModal)}>
        {t('boardActions.follow')}
      </Button>
    );
  }
  const following = board.followed_by_me;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      // Not `disabled`: a disabled button drops keyboard focus; clicks are ignored instead.
      aria-disabled={follow.isPending || undefined}
      onClick={() => {
        if (follow.isPending) return;
        // A session that ended meanwhile gets the login prompt for what was tried.
        const prompt = following ? 'unfollow' : 'follow';
        follow.mutate(!following, { onError: (error) => promptOnSessionEnd(authModal, error, prompt) });
      }}
    >
      {following ? t('boardActions.following') : t('boardActions.follow')}
    </Button>
  );
}
