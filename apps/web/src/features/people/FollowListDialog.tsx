import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './FollowList.module.css';
import { FollowListRow } from './FollowListRow.tsx';
import { useFollowList, type FollowListSource } from './useFollowList.ts';
import './words.ts';

interface FollowListDialogProps {
  source: FollowListSource;
  /** The board's name, for a board's followers. */
  boardName?: string;
  onClose: () => void;
}

/**
 * Who follows a person or board, or whom a person follows, in a dialog: keyboard usable (the
 * dialog keeps focus inside, Escape closes), a page at a time with Show more.
 */
export function FollowListDialog({ source, boardName, onClose }: FollowListDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useFollowList(source);
  const title =
    source.kind === 'boardFollowers'
      ? t('people.boardFollowers', { board: boardName ?? '' })
      : source.kind === 'followers'
        ? t('people.followers')
        : t('people.following');

  return (
    <Dialog labelledBy={titleId} onClose={onClose} closeLabel={t('people.close')} width={420}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {list.status === 'pending' ? (
        <p role="status" className={styles.message}>
          {t('people.loading')}
        </p>
      ) : list.status === 'error' ? (
        <div role="alert" className={styles.message}>
          <p>{t('people.error')}</p>
          <Button onClick={() => void list.refetch()}>{t('people.retry')}</Button>
        </div>
      ) : list.items.length === 0 ? (
        <p className={styles.message}>
          {source.kind === 'following' ? t('people.emptyFollowing') : t('people.emptyFollowers')}
        </p>
      ) : (
        <>
          <ul className={styles.list} aria-labelledby={titleId}>
            {list.items.map((user) => (
              <FollowListRow key={user.id} user={user} onNavigate={onClose} />
            ))}
          </ul>
          {list.hasMore && (
            <div className={styles.more}>
              <Button onClick={list.fetchMore} aria-disabled={list.isFetchingMore || undefined}>
                {list.isFetchingMore ? t('people.loadingMore') : t('people.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
