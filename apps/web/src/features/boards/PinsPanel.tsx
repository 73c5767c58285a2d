import type { QueryKey } from '@tanstack/react-query';
import { useId } from 'react';
import { PinFeed } from '../pins/PinFeed.tsx';
import { usePinPages, type PinPagesOptions } from '../pins/usePinPages.ts';
import { ErrorState, LoadingState } from '../profile/PageStates.tsx';
import styles from './PinsPanel.module.css';

interface PinsPanelProps {
  heading: string;
  /** Keep the heading for assistive technology only (the page already says what these are). */
  hideHeading?: boolean;
  queryKey: QueryKey;
  path: string;
  options?: PinPagesOptions;
  /** The grid's accessible name. */
  label: string;
  emptyText: string;
}

/** A titled region with a paged pin list in the masonry grid: a board's, a section's, a profile's. */
export function PinsPanel({
  heading,
  hideHeading,
  queryKey,
  path,
  options,
  label,
  emptyText,
}: PinsPanelProps) {
  const headingId = useId();
  const pages = usePinPages(queryKey, path, options);
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={hideHeading ? styles.visuallyHidden : styles.heading}>
        {heading}
      </h2>
      {pages.status === 'pending' ? (
        <LoadingState />
      ) : pages.status === 'error' ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : (
        <PinFeed
          pins={pages.pins}
          hasMore={pages.hasMore}
          isFetchingMore={pages.isFetchingMore}
          fetchMoreFailed={pages.fetchMoreFailed}
          fetchMore={pages.fetchMore}
          label={label}
          emptyText={emptyText}
        />
      )}
    </section>
  );
}
