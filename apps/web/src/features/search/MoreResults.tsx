import { useRef } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { useFetchMore } from '../pins/useFetchMore.ts';
import styles from './SearchResults.module.css';

interface MoreResultsProps {
  hasMore: boolean;
  isFetchingMore: boolean;
  fetchMoreFailed: boolean;
  fetchMore: () => void;
}

/**
 * The end of a board or people list: the next page loads as this end comes within two viewport
 * heights (200 ms after scrolling settles; docs/product/site.md#layout), and a button does the same.
 */
export function MoreResults({ hasMore, isFetchingMore, fetchMoreFailed, fetchMore }: MoreResultsProps) {
  const { t } = useTranslation();
  const endRef = useRef<HTMLDivElement>(null);
  // The marker is the content's end, so its own height is 0.
  useFetchMore(endRef, {
    enabled: hasMore && !isFetchingMore && !fetchMoreFailed,
    contentHeight: 0,
    fetchMore,
  });

  return (
    <div ref={endRef} className={styles.footer}>
      {hasMore && (
        <Button onClick={fetchMore} aria-disabled={isFetchingMore || undefined}>
          {isFetchingMore ? t('search.loadingMore') : t('search.more')}
        </Button>
      )}
      {fetchMoreFailed && !isFetchingMore && (
        <p role="alert" className={styles.message}>
          {t('search.moreError')}
        </p>
      )}
    </div>
  );
}
