import type { QueryKey } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { PinFeed } from '../pins/PinFeed.tsx';
import { usePinPages, type PinPageCall } from '../pins/usePinPages.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import type { PinPlace } from '../moving/useMovePins.ts';
import hidden from '../../ui/VisuallyHidden.module.css';
import styles from './PinsPanel.module.css';

// 'Organize' mode and moving pins are a chunk of their own, loaded only for those who may move.
const Organizer = lazy(async () => ({ default: (await import('../moving/Organizer.tsx')).Organizer }));

interface PinsPanelProps {
  heading: string;
  /** Keep the heading for assistive technology only (the page already says what these are). */
  hideHeading?: boolean;
  queryKey: QueryKey;
  /** One page of the list's endpoint. */
  fetchPins: PinPageCall;
  /** The grid's accessible name. */
  label: string;
  emptyText: string;
  /** The board or section these pins are in, when the viewer may move them ('Organize'). */
  organizePlace?: PinPlace;
}

/** A titled region with a paged pin list in the masonry grid: a board's, a section's, a profile's. */
export function PinsPanel({
  heading,
  hideHeading,
  queryKey,
  fetchPins,
  label,
  emptyText,
  organizePlace,
}: PinsPanelProps) {
  const headingId = useId();
  const pages = usePinPages(queryKey, fetchPins);
  const feed = (
    <PinFeed
      pins={pages.pins}
      hasMore={pages.hasMore}
      isFetchingMore={pages.isFetchingMore}
      fetchMoreFailed={pages.fetchMoreFailed}
      fetchMore={pages.fetchMore}
      label={label}
      emptyText={emptyText}
    />
  );
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={hideHeading ? hidden.visuallyHidden : styles.heading}>
        {heading}
      </h2>
      {pages.status === 'pending' ? (
        <LoadingState />
      ) : pages.status === 'error' ? (
        <ErrorState onRetry={() => void pages.refetch()} />
      ) : organizePlace ? (
        <Suspense
          fallback={
            <>
              {/* The Organize toolbar's height, kept while its chunk loads. */}
              <div className={styles.toolbarSpace} />
              {feed}
            </>
          }
        >
          <Organizer place={organizePlace} pins={pages.pins} feed={feed} />
        </Suspense>
      ) : (
        feed
      )}
    </section>
  );
}
