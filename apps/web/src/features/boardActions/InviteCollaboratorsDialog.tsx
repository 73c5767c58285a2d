import './words.ts';
import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './BoardActions.module.css';
import { CollaboratorList } from './CollaboratorList.tsx';
import { InviteQueue, useInviteQueue } from './InviteQueue.tsx';
import { InviteTypeahead } from './InviteTypeahead.tsx';
import type { QueuedInvitee } from './useCollaborators.ts';
import { useCollaborators } from './useCollaborators.ts';

interface InviteCollaboratorsDialogProps {
  board: Board;
  boardKey: QueryKey;
  onClose: () => void;
}

/**
 * The owner's 'Invite collaborators' dialog: the typeahead fills an invite queue that 'Invite'
 * (or Enter in the field, with the row first offered) sends in one call, then says 'Invitation
 * sent'; below, who is on the board and who is invited, each removable.
 */
export function InviteCollaboratorsDialog({ board, boardKey, onClose }: InviteCollaboratorsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queue = useInviteQueue();
  const { list: members, invite, remove } = useCollaborators(board.id, board.owner, boardKey);
  // How many the last send invited, for its confirmation; null once the person picks again.
  const [sentCount, setSentCount] = useState<number | null>(null);

  function send(extra: QueuedInvitee | null = null) {
    const queued = queue.take();
    const sent = extra ? [...queued, extra] : queued;
    if (sent.length === 0) return;
    setSentCount(null);
    // Refused: the list goes back (in the hook) and so does the queue, silently
    // (docs/product/boards.md#messages).
    invite.mutate(sent, {
      onSuccess: () => setSentCount(sent.length),
      onError: () => queue.restore(queued),
    });
  }
  const toggle = (entry: QueuedInvitee) => {
    setSentCount(null);
    queue.toggle(entry);
  };

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('boardActions.close')} width={500}>
      <h2 id={titleId} className={styles.title}>
        {t('boardActions.inviteTitle')}
      </h2>
      <div className={styles.form}>
        <InviteTypeahead boardId={board.id} queued={queue.keys} onToggle={toggle} onEnter={send} />
        <InviteQueue queue={queue.queue} onToggle={toggle} />
        <div className={styles.buttons}>
          <p role="status" className={styles.sent}>
            {sentCount !== null && t('boardActions.invitationSent', { count: sentCount })}
          </p>
          <Button variant="primary" disabled={queue.queue.length === 0} onClick={() => send()}>
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
