import type { Notification, UserSummary } from '@pinboard/shared';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { timeAgo } from './timeAgo.ts';
import { useAnswerInvite } from './useNotifications.ts';
import styles from './Notifications.module.css';

/** "Lena", "Lena and Theo", "Lena and 3 others". */
function useWho(actors: UserSummary[], count: number): string {
  const { t } = useTranslation();
  const [first, second] = actors;
  if (!first) return '';
  if (count === 1) return first.full_name || first.username;
  if (count === 2 && second)
    return t('notifications.two', {
      first: first.full_name || first.username,
      second: second.full_name || second.username,
    });
  return t('notifications.others', { name: first.full_name || first.username, count: count - 1 });
}

/** Where the item leads: a comment's pin's comments, the pin, else the board, else the (first) person. */
function targetOf(item: Notification): string {
  if (item.pin && item.comment) return `/pin/${item.pin.id}/comments`;
  // An operator's decision or an appeal's outcome: the person's reports and violations.
  if (item.kind === 'moderation') return '/reports-and-violations/';
  if (item.pin) return `/pin/${item.pin.id}/`;
  if (item.board && item.invite?.status !== 'pending') return item.board.url;
  return item.actors[0] ? `/${item.actors[0].username}/` : '/';
}

/** One grouped notification: avatars, what happened, when, and an invitation's Accept and Decline. */
export function NotificationItem({ item }: { item: Notification }) {
  const { t, i18n } = useTranslation();
  const who = useWho(item.actors, item.actor_count);
  const answer = useAnswerInvite();
  const invite = item.invite;
  return (
    <li className={`${styles.item} ${item.seen ? '' : styles.unseen}`} data-testid="notification">
      <span className={styles.avatars}>
        {item.kind !== 'moderation' &&
          item.actors.slice(0, 2).map((actor) => (
            <Link key={actor.id} to={`/${actor.username}/`} aria-label={actor.full_name || actor.username}>
              <PinnerAvatar user={actor} size={40} />
            </Link>
          ))}
      </span>
      <span className={styles.body}>
        <Link to={targetOf(item)} className={styles.text}>
          {t(`notifications.kinds.${item.kind}`, {
            who,
            board: item.board?.name ?? '',
            message: item.message ?? '',
          })}
        </Link>
        {item.comment && <q className={styles.quote}>{item.comment.text}</q>}
        <time className={styles.time} dateTime={item.created_at}>
          {timeAgo(item.created_at, i18n.language)}
        </time>
        {!item.seen && <span className={styles.newMark}>{t('notifications.unseen')}</span>}
        {invite?.status === 'pending' && (
          <span className={styles.actions}>
            <Button
              variant="primary"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ inviteId: invite.id, accept: true })}
            >
              {t('notifications.accept')}
            </Button>
            <Button
              disabled={answer.isPending}
              onClick={() => answer.mutate({ inviteId: invite.id, accept: false })}
            >
              {t('notifications.decline')}
            </Button>
          </span>
        )}
        {invite?.status === 'accepted' && <span className={styles.time}>{t('notifications.accepted')}</span>}
        {answer.isError && (
          <span role="alert" className={styles.error}>
            {errorMessage(t, answer.error, 'notifications.answerError')}
          </span>
        )}
      </span>
      {item.pin?.image_url && (
        <Link
          to={`/pin/${item.pin.id}/`}
          className={styles.thumb}
          aria-label={item.pin.title || t('notifications.heading')}
        >
          <img src={item.pin.image_url} alt="" width={48} height={48} loading="lazy" />
        </Link>
      )}
    </li>
  );
}
