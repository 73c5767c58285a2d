import type { BoardCollaborators, UserSummary } from '@pinboard/shared';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { displayName } from '../pins/pinText.ts';
import styles from './Collaborators.module.css';

interface CollaboratorListProps {
  members: BoardCollaborators;
  onRemove: (userId: string) => void;
}

/**
 * Who is on a board (owner first) and who is invited. People can be removed or uninvited; an
 * invitation by email cannot (the API removes by account).
 */
export function CollaboratorList({ members, onRemove }: CollaboratorListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const row = (user: UserSummary, note: string, removable: boolean) => (
    <li key={user.id} className={styles.member}>
      <PinnerAvatar user={user} size={32} />
      <span className={styles.rowText}>
        <span>{displayName(user)}</span>
        <span className={styles.subtle}>{note}</span>
      </span>
      {removable && (
        <Button
          onClick={() => onRemove(user.id)}
          aria-label={t('boardActions.removeLabel', { name: displayName(user) })}
        >
          {t('boardActions.remove')}
        </Button>
      )}
    </li>
  );
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        {t('boardActions.members')}
      </h3>
      <ul className={styles.rows}>
        {row(members.owner, t('boardActions.ownerRole'), false)}
        {members.collaborators.map((user) => row(user, `@${user.username}`, true))}
        {members.invites.map((invite) =>
          invite.invitee ? (
            row(invite.invitee, t('boardActions.invited'), true)
          ) : (
            <li key={invite.id} className={styles.member}>
              <span className={styles.rowText}>
                <span>{invite.invitee_email}</span>
                <span className={styles.subtle}>{t('boardActions.invited')}</span>
              </span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
