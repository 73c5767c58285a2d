import './words.ts';
import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './BoardActions.module.css';
import { CollaboratorList } from './CollaboratorList.tsx';
import { InviteQueue, useInviteQueue } from './InviteQueue.tsx';
import { InviteTypeahead } from './InviteTypeahead.tsx';
import { useCollaborators } from './useCollaborators.ts';

interface InviteCollaboratorsDialogProps {
  board: Board;
  boardKey: QueryKey;
  onClose: () => void;
}

/**
 * The owner's 'Invite collaborators' dialog: the typeahead fills an invite queue that 'Invite'
 * sends in one call; below, who is on the board and who is invited, each removable.
 */
export function InviteCollaboratorsDialog({ board, boardKey, onClose }: InviteCollaboratorsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queue = useInviteQueue();
  const { list: members, invite, remove } = useCollaborators(board.id, board.owner, boardKey);

  function send() {
    if (queue.queue.length === 0) return;
    const sent = queue.take();
    // Refused: the list goes back (in the hook) and so does the queue, silently
    // (docs/product/boards.md#messages).
    invite.mutate(sent, { onError: () => queue.restore(sent) });
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('boardActions.close')} width={500}>
      <h2 id={titleId} className={styles.title}>
        {t('boardActions.inviteTitle')}
      </h2>
      <div className={styles.form}>
        <InviteTypeahead boardId={board.id} queued={queue.keys} onToggle={queue.toggle} />
        <InviteQueue queue={queue.queue} onToggle={queue.toggle} />
        <div className={styles.buttons}>
          <Button variant="primary" disabled={queue.queue.length === 0} onClick={send}>
            {t('boardActions.sendInvites')}
          </Button>
        </div>
        {members.data && (
          <CollaboratorList members={members.data} onRemove={(userId) => remove.mutate(userId)} />
        )}
      </div>
    </Dialog>
  );
}
