import './words.ts';
import type { Board } from '@pinboard/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './BoardActions.module.css';
import { CollaboratorList } from './CollaboratorList.tsx';
import list from './Collaborators.module.css';
import { InviteTypeahead } from './InviteTypeahead.tsx';
import { useCollaborators, type QueuedInvitee } from './useCollaborators.ts';

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
  const [queue, setQueue] = useState<QueuedInvitee[]>([]);
  const { list: members, invite, remove } = useCollaborators(board.id, board.owner, boardKey);
  const queued = new Set(queue.map((entry) => entry.key));

  function toggle(entry: QueuedInvitee) {
    setQueue((current) =>
      current.some((other) => other.key === entry.key)
        ? current.filter((other) => other.key !== entry.key)
        : [...current, entry],
    );
  }

  function send() {
    if (queue.length === 0) return;
    const sent = queue;
    setQueue([]);
    // Refused: the list goes back (in the hook) and so does the queue, silently (spec 2 section 8).
    invite.mutate(sent, { onError: () => setQueue(sent) });
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('boardActions.close')} width={500}>
      <h2 id={titleId} className={styles.title}>
        {t('boardActions.inviteTitle')}
      </h2>
      <div className={styles.form}>
        <InviteTypeahead boardId={board.id} queued={queued} onToggle={toggle} />
        {queue.length > 0 && (
          <ul className={list.queue} aria-label={t('boardActions.queue')}>
            {queue.map((entry) => (
              <li key={entry.key} className={list.chip}>
                {entry.label}
                <button
                  type="button"
                  className={list.chipRemove}
                  aria-label={t('boardActions.unqueue', { name: entry.label })}
                  onClick={() => toggle(entry)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.buttons}>
          <Button variant="primary" disabled={queue.length === 0} onClick={send}>
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
