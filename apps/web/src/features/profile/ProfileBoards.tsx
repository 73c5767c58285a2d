import type { UserProfile } from '@pinboard/shared';
import { useId, useRef } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { BoardGrid } from '../boards/BoardGrid.tsx';
import { BoardSortMenu } from '../boards/BoardSortMenu.tsx';
import { useBoardSortParam } from '../boards/useBoardSortParam.ts';
import { useUserBoards } from '../boards/useUserBoards.ts';
import { useFetchMore } from '../pins/useFetchMore.ts';
import { displayName } from '../pins/pinText.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './ProfileBoards.module.css';

/**
 * The 'Saved' tab: a person's boards in the order of the sort menu (kept in `?sort=`), 25 at a
 * time, loading more as the end nears, with a button for the same.
 */
export function ProfileBoards({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [sort, setSort] = useBoardSortParam();
  const boards = useUserBoards(profile.username, sort);
  const endRef = useRef<HTMLDivElement>(null);
  // The end marker is the content's end, so its own height is 0.
  useFetchMore(endRef, {
    enabled: boards.hasMore && !boards.isFetchingMore && !boards.fetchMoreFailed,
    contentHeight: 0,
    fetchMore: boards.fetchMore,
  });
  const name = displayName(profile);

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.toolbar}>
        <h2 id={headingId} className={hidden.visuallyHidden}>
          {t('profile.boardsHeading')}
        </h2>
        <BoardSortMenu value={sort} onChange={setSort} />
      </div>
      {boards.status === 'pending' ? (
        <LoadingState text={t('profile.loadingBoards')} />
      ) : boards.status === 'error' ? (
        <ErrorState onRetry={() => void boards.refetch()} />
      ) : boards.items?.length ? (
        <BoardGrid boards={boards.items} label={t('profile.boardsLabel', { name })} />
      ) : (
        <p className={styles.message}>{t('profile.boardsEmpty', { name })}</p>
      )}
      <div ref={endRef} className={styles.footer}>
        {boards.hasMore && (
          <Button onClick={boards.fetchMore} aria-disabled={boards.isFetchingMore || undefined}>
            {boards.isFetchingMore ? t('profile.loadingBoards') : t('profile.moreBoards')}
          </Button>
        )}
        {boards.fetchMoreFailed && !boards.isFetchingMore && (
          <p role="alert" className={styles.message}>
            {t('profile.boardsError')}
          </p>
        )}
      </div>
    </section>
  );
}
