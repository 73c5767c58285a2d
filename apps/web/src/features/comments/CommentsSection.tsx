import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { usePinComments } from './useComments.ts';
import styles from './Comments.module.css';
import './words.ts';

// The comments come in the browser (the server render does not wait for them), and with them the
// code that draws them: their menus, report and appeal forms stay out of the closeup's first view.
const CommentItem = lazy(async () => ({ default: (await import('./CommentItem.tsx')).CommentItem }));

/**
 * A pin's comments: the count as the heading (a link to `/pin/{id}/comments` on the closeup), the
 * comment field, then the comments newest first with their replies.
 */
export function CommentsSection({ pinId, linkHeading = false }: { pinId: string; linkHeading?: boolean }) {
  const { t } = useTranslation();
  const list = usePinComments(pinId);
  const heading = t('comments.heading', { count: list.count });
  return (
    <section className={styles.section} aria-label={t('comments.listLabel')}>
      <h2 className={styles.heading}>
        {linkHeading ? (
          <Link to={`/pin/${pinId}/comments`} className={styles.headingLink}>
            {heading}
          </Link>
        ) : (
          heading
        )}
      </h2>
      {list.status === 'pending' && <p className={styles.subtle}>{t('comments.loading')}</p>}
      {list.status === 'error' && (
        <p role="alert" className={styles.error}>
          {t('comments.loadError')} <Button onClick={() => void list.refetch()}>{t('comments.retry')}</Button>
        </p>
      )}
      {list.status === 'success' && list.items.length === 0 && (
        <p className={styles.subtle}>{t('comments.empty')}</p>
      )}
      {list.items.length > 0 && (
        <Suspense fallback={<p className={styles.subtle}>{t('comments.loading')}</p>}>
          <ul className={styles.list}>
            {list.items.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
        </Suspense>
      )}
      {list.hasMore && (
        <Button className={styles.more} onClick={list.fetchMore} disabled={list.isFetchingMore}>
          {t('comments.more')}
        </Button>
      )}
      <CommentComposer pinId={pinId} />
    </section>
  );
}
