import './words.ts';
import type { Board } from '@pinboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { endpointKey } from '../../api/endpoints.ts';
import { invalidateBoard } from '../boards/invalidateBoard.ts';
import styles from './BoardActions.module.css';
import { inviteCollaborators } from './collaboratorsApi.ts';
import { InviteQueue, type useInviteQueue } from './InviteQueue.tsx';
import { InviteTypeahead } from './InviteTypeahead.tsx';
import { pendingInvite, type QueuedInvitee } from './useCollaborators.ts';

/**
 * The create-board form's invite queue (docs/product/boards.md#rules): the invite typeahead with nobody on
 * the board yet, and the chosen people and addresses as chips, toggled in or out.
 */
export function NewBoardInvites({ queue }: { queue: ReturnType<typeof useInviteQueue> }) {
  const { t } = useTranslation();
  return (
    <div className={styles.form}>
      <InviteTypeahead
        boardId={null}
        label={t('boardActions.newBoardInvites')}
        queued={queue.keys}
        onToggle={queue.toggle}
      />
      <p className={styles.hint}>{t('boardActions.newBoardInvitesHint')}</p>
      <InviteQueue queue={queue.queue} onToggle={queue.toggle} />
    </div>
  );
}

const membersKey = (board: Board) => endpointKey('getBoardCollaborators', { params: { id: board.id } });

/**
 * Sends a new board's invite queue once the board is saved. The board's collaborator list shows
 * the invitations at once; a refusal takes them away again without a word (docs/product/boards.md#messages).
 */
export function useSendNewBoardInvites() {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: ({ board, queue }: { board: Board; queue: QueuedInvitee[] }) =>
      inviteCollaborators(
        board.id,
        queue.map((entry) => entry.invitee),
      ),
    onMutate: ({ board, queue }) => {
      queryClient.setQueryData(membersKey(board), {
        owner: board.owner,
        collaborators: [],
        invites: queue.map((entry) => pendingInvite(board.id, board.owner, entry)),
      });
    },
    onSuccess: (members, { board }) => {
      queryClient.setQueryData(membersKey(board), members);
      void invalidateBoard(queryClient, board.id);
    },
    onError: (_error, { board }) => queryClient.removeQueries({ queryKey: membersKey(board) }),
  });
  return (board: Board, queue: QueuedInvitee[]) => {
    if (queue.length > 0) send.mutate({ board, queue });
  };
}
