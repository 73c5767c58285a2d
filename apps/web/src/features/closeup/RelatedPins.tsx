import { useId } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { PinFeed } from '../pins/PinFeed.tsx';
import type { usePinPages } from '../pins/usePinPages.ts';
import styles from './PinCloseup.module.css';

/** 'More like this' under the closeup: related pins in the masonry grid, scrolling for more. */
export function RelatedPins({ related }: { related: ReturnType<typeof usePinPages> }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={styles.related} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.relatedTitle}>
        {t('closeup.related.title')}
      </h2>
      {related.status === 'pending' ? (
        <LoadingState text={t('closeup.related.loading')} />
      ) : related.status === 'error' ? (
        <ErrorState text={t('closeup.related.error')} onRetry={() => void related.refetch()} />
      ) : (
        <PinFeed
          pins={related.pins}
          hasMore={related.hasMore}
          isFetchingMore={related.isFetchingMore}
          fetchMore={related.fetchMore}
          fetchMoreFailed={related.fetchMoreFailed}
          label={t('closeup.related.title')}
          emptyText={t('closeup.related.empty')}
        />
      )}
    </section>
  );
}
