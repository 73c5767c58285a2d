import type { Pin } from '@pinboard/shared';
import { memo, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { cardHeight } from './cardMetrics.ts';
import { gridGeometry, layoutMasonry, visibleIndices } from './masonry.ts';
import { titleMeasurer } from './measureText.ts';
import { PinCard } from './PinCard.tsx';
import styles from './PinFeed.module.css';
import { useFetchMore } from './useFetchMore.ts';
import { useGridWidth } from './useGridWidth.ts';
import { useScrollWindow } from './useScrollWindow.ts';

/** Cards are kept in the DOM this many viewport heights above and below what is on screen. */
const OVERSCAN_VIEWPORTS = 1;

const MemoPinCard = memo(PinCard);

interface PinFeedProps {
  pins: Pin[];
  hasMore: boolean;
  isFetchingMore: boolean;
  fetchMore: () => void;
  /** The feed's accessible name. */
  label: string;
  /** Shown instead of the grid when there are no pins at all. */
  emptyText?: string;
  /** Shown under the grid once everything is loaded; `null` shows nothing (a short related-pins grid). */
  endText?: string | null;
  /** The last next-page request failed: stop fetching by scroll and offer a retry. */
  fetchMoreFailed?: boolean;
}

/**
 * A virtualised masonry grid of pins with infinite scroll. Every card's place is computed
 * up front from stored image sizes, so nothing moves as images load; only the cards near the
 * viewport are rendered, so thousands of pins scroll smoothly.
 */
export function PinFeed({
  pins,
  hasMore,
  isFetchingMore,
  fetchMore,
  label,
  emptyText,
  endText,
  fetchMoreFailed = false,
}: PinFeedProps) {
  const { t } = useTranslation();
  const gridRef = useRef<HTMLDivElement>(null);
  const width = useGridWidth(gridRef);
  const geometry = useMemo(() => gridGeometry(width), [width]);
  const layout = useMemo(() => {
    // Until the first measure (before the first paint) there is nothing to place.
    if (width === 0) return layoutMasonry([], geometry);
    const measure = titleMeasurer();
    return layoutMasonry(
      pins.map((pin) => cardHeight(pin, geometry.columnWidth, measure)),
      geometry,
    );
  }, [pins, geometry, width]);
  const view = useScrollWindow(gridRef, layout.height);
  useFetchMore(gridRef, {
    enabled: hasMore && !isFetchingMore && !fetchMoreFailed,
    contentHeight: layout.height,
    fetchMore,
  });

  // The card holding keyboard focus stays rendered even when scrolled away, so focus is never lost.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-pin-id]');
    setFocusedId(item?.dataset.pinId ?? null);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedId(null);
  };

  const overscan = (view.bottom - view.top) * OVERSCAN_VIEWPORTS;
  const indices = visibleIndices(layout, view.top - overscan, view.bottom + overscan);
  const focusedIndex = focusedId === null ? -1 : pins.findIndex((pin) => pin.id === focusedId);
  if (focusedIndex >= 0 && !indices.includes(focusedIndex)) {
    indices.push(focusedIndex);
    indices.sort((a, b) => a - b);
  }
  // Cards starting within the first screen load eagerly: they are what the visitor sees first.
  const firstScreen = typeof window === 'undefined' ? 0 : window.innerHeight;

  if (pins.length === 0 && !hasMore && !isFetchingMore) {
    return <p className={styles.message}>{emptyText ?? t('pin.feed.empty')}</p>;
  }

  return (
    <div>
      <div
        ref={gridRef}
        role="feed"
        aria-label={label}
        aria-busy={isFetchingMore}
        className={styles.grid}
        style={{ height: layout.height }}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {indices.map((index) => {
          const pin = pins[index]!;
          const place = layout.placements[index]!;
          return (
            <article
              key={pin.id}
              data-pin-id={pin.id}
              className={styles.item}
              style={{
                width: geometry.columnWidth,
                height: place.height,
                transform: `translate(${place.left}px, ${place.top}px)`,
              }}
              aria-posinset={index + 1}
              aria-setsize={hasMore ? -1 : pins.length}
            >
              <MemoPinCard pin={pin} width={geometry.columnWidth} priority={place.top < firstScreen} />
            </article>
          );
        })}
      </div>
      <div className={styles.footer}>
        <p role="status" className={styles.message}>
          {isFetchingMore && (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              {t('pin.feed.loadingMore')}
            </>
          )}
          {!hasMore && !isFetchingMore && (endText === undefined ? t('pin.feed.end') : endText)}
        </p>
        {fetchMoreFailed && !isFetchingMore && (
          <div role="alert" className={styles.failure}>
            <p className={styles.message}>{t('pin.feed.error')}</p>
            <Button onClick={fetchMore}>{t('pin.feed.retry')}</Button>
          </div>
        )}
      </div>
    </div>
  );
}
