import './words.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { queries } from '../../api/endpoints.ts';
import { Button } from '../../ui/Button.tsx';
import { refreshProfileLists } from '../profile/refreshProfileLists.ts';
import styles from './Collaborators.module.css';
import { useInviteAnswers } from './useInviteAnswers.ts';

/**
 * 'Board invitations' at the top of the viewer's own profile: each pending invitation with Accept and
 * Decline. Answers show at once and are taken back silently if refused (docs/product/boards.md#messages); an
 * accepted one then links to its board. Nothing shows without invitations.
 */
export function BoardInvitesPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const invites = useQuery(queries.listViewerBoardInvites());
  // An accepted board is now one of the viewer's boards.
  const { answers, answer } = useInviteAnswers(() => refreshProfileLists(queryClient, username));

  const shown = (invites.data ?? []).filter((invite) => answers.get(invite.id) !== 'declined');
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        {t('boardActions.invitations')}
      </h2>
      <ul className={styles.rows}>
        {shown.map((invite) => (
          <li key={invite.id} className={styles.member}>
            <span className={styles.rowText}>
              {answers.get(invite.id) === 'accepted' ? (
                <span>
                  {t('boardActions.accepted', { board: invite.board.name })}{' '}
                  <Link to={invite.board.url}>{t('boardActions.openBoard')}</Link>
                </span>
              ) : (
                <span>
                  {t('boardActions.invitedBy', { name: invite.inviter.full_name, board: invite.board.name })}
                </span>
              )}
            </span>
            {!answers.has(invite.id) && (
              <span className={styles.actions}>
                <Button variant="primary" onClick={() => answer(invite, true)}>
                  {t('boardActions.accept')}
                </Button>
                <Button onClick={() => answer(invite, false)}>{t('boardActions.decline')}</Button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
