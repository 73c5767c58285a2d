import type { Board } from '@pinboard/shared';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { endpointKey, queries } from '../../api/endpoints.ts';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/toastContext.ts';
import { refreshProfileLists } from '../profile/refreshProfileLists.ts';
import styles from './BoardActions.module.css';
import { useInviteAnswers } from './useInviteAnswers.ts';
import { TOAST_MS } from './toast.ts';

interface BoardInviteBarProps {
  board: Board;
  boardKey: QueryKey;
  /** The signed-in viewer's username, whose profile lists the board once accepted. */
  username: string;
}

/**
 * On the board page, for a signed-in person invited to it (where the invitation mail leads):
 * who invited them, with Accept and Decline. Accepted, 'You joined {board}.' and the page becomes
 * a collaborator's (the board asked again); declined, the bar goes. Nothing shows without a pending invitation.
 */
export function BoardInviteBar({ board, boardKey, username }: BoardInviteBarProps) {
  const { t } = useTranslation();
  const textId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const invites = useQuery(queries.listViewerBoardInvites());
  const { answers, answer } = useInviteAnswers(() => {
    // A toast: the bar goes once the board answers as a collaborator's.
    toast.show(t('boardActions.accepted', { board: board.name }), { durationMs: TOAST_MS });
    void queryClient.invalidateQueries({ queryKey: boardKey });
    void queryClient.invalidateQueries({ queryKey: endpointKey('listViewerBoardInvites') });
    refreshProfileLists(queryClient, username);
  });

  const invite = invites.data?.find((each) => each.board.id === board.id && each.status === 'pending');
  if (!invite) return null;
  const answered = answers.get(invite.id);
  if (answered !== undefined) return null;
  return (
    <div role="group" aria-labelledby={textId} className={styles.invite}>
      <p id={textId} className={styles.inviteText}>
        {t('boardActions.invitedBy', { name: invite.inviter.full_name, board: board.name })}
      </p>
      <Button variant="primary" onClick={() => answer(invite, true)}>
        {t('boardActions.accept')}
      </Button>
      <Button onClick={() => answer(invite, false)}>{t('boardActions.decline')}</Button>
    </div>
  );
}
