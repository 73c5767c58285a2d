import type { Comment, Reply } from '@pinboard/shared';
import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { RemovedCommentNotice } from '../moderation/RemovedCommentNotice.tsx';
import { ReportDialog } from '../pinMenu/ReportPinDialog.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import { timeAgo } from '../notifications/timeAgo.ts';
import { displayName } from '../pins/pinText.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentText } from './CommentText.tsx';
import { useCommentWrites, useMoreReplies } from './useComments.ts';
import styles from './Comments.module.css';

/**
 * One comment or reply: who wrote it and when, its text, Like with its count, Reply, Delete, and
 * Report (someone else's, signed in). A removed one (only its author is shown it) has the removal
 * notice with Appeal instead of its actions.
 */
function CommentBody({ comment, onReply }: { comment: Reply; onReply: () => void }) {
  const { t, i18n } = useTranslation();
  const authModal = useAuthModal();
  const { viewer } = useViewer();
  const [reporting, setReporting] = useState(false);
  const mayReport = viewer !== null && viewer.id !== comment.author.id;
  const { remove, like } = useCommentWrites(comment.pin_id);
  const name = displayName(comment.author);
  const toggleLike = () => {
    const prompt = {
      container: 'home_page',
      signupSource: 'commentComposer',
      pinId: comment.pin_id,
    } as const;
    if (authModal.promptSignup(prompt)) return;
    like.mutate({ commentId: comment.id, liked: !comment.liked_by_me });
  };
  return (
    <div className={styles.comment} data-testid="comment">
      <Link to={`/${comment.author.username}/`} aria-label={name}>
        <PinnerAvatar user={comment.author} size={32} />
      </Link>
      <div className={styles.commentMain}>
        <p className={styles.byline}>
          <Link to={`/${comment.author.username}/`} className={styles.author}>
            {name}
          </Link>{' '}
          <time className={styles.subtle} dateTime={comment.created_at}>
            {timeAgo(comment.created_at, i18n.language)}
          </time>
        </p>
        <CommentText text={comment.text} mentions={comment.mentions.map((user) => user.username)} />
        {comment.removal ? (
          <RemovedCommentNotice commentId={comment.id} pinId={comment.pin_id} removal={comment.removal} />
        ) : (
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.action}
              aria-pressed={comment.liked_by_me}
              aria-label={t('comments.likeLabel', { name })}
              disabled={like.isPending}
              onClick={toggleLike}
            >
              {comment.liked_by_me ? '♥' : '♡'} {t('comments.like')}
            </button>
            {comment.like_count > 0 && (
              <span className={styles.subtle}>{t('comments.likes', { count: comment.like_count })}</span>
            )}
            <button type="button" className={styles.action} onClick={onReply}>
              {t('comments.reply')}
            </button>
            {comment.can_delete && (
              <button
                type="button"
                className={styles.action}
                aria-label={t('comments.deleteLabel', { name })}
                disabled={remove.isPending}
                onClick={() => remove.mutate(comment.id)}
              >
                {t('comments.delete')}
              </button>
            )}
            {mayReport && (
              <button
                type="button"
                className={styles.action}
                aria-label={t('comments.reportLabel', { name })}
                onClick={() => setReporting(true)}
              >
                {t('comments.report')}
              </button>
            )}
          </div>
        )}
        {reporting && (
          <ReportDialog objectType="comment" objectId={comment.id} onClose={() => setReporting(false)} />
        )}
      </div>
    </div>
  );
}

/** A top comment with its replies (the first few, then "Show more replies") and a reply field. */
export function CommentItem({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  const [replyingTo, setReplyingTo] = useState<Reply | null>(null);
  const [showAll, setShowAll] = useState(false);
  const more = useMoreReplies(comment.pin_id, comment.id, showAll);
  const replies = showAll && more.status === 'success' ? more.items : comment.replies;
  const hidden = comment.reply_count - replies.length;
  return (
    <li className={styles.thread}>
      <CommentBody comment={comment} onReply={() => setReplyingTo(comment)} />
      {(replies.length > 0 || replyingTo) && (
        <ul className={styles.replies}>
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody comment={reply} onReply={() => setReplyingTo(reply)} />
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <Button
          className={styles.more}
          onClick={() => (showAll ? more.fetchMore() : setShowAll(true))}
          disabled={more.isFetchingMore}
        >
          {t('comments.moreReplies', { count: hidden })}
        </Button>
      )}
      {replyingTo && (
        <div className={styles.replies}>
          {/* A reply to a reply is attached to this top comment by the server. */}
          <CommentComposer
            pinId={comment.pin_id}
            replyTo={{ id: replyingTo.id, name: displayName(replyingTo.author) }}
            onDone={() => setReplyingTo(null)}
          />
        </div>
      )}
    </li>
  );
}
