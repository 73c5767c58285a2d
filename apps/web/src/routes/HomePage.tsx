import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useHomeFeed } from '../features/feed/useHomeFeed.ts';
import { PinFeed } from '../features/pins/PinFeed.tsx';
import { Button } from '../ui/Button.tsx';
import hidden from '../ui/VisuallyHidden.module.css';
import styles from './HomePage.module.css';

export function HomePage() {
  const { t } = useTranslation();
  const feed = useHomeFeed();
  // A signed-out visitor sent here from a pin that does not exist (docs/product/pins.md#signed-out-access).
  const [searchParams] = useSearchParams();
  const pinNotFound = searchParams.get('error') === 'pin_not_found';

  return (
    <>
      <title>{t('home.documentTitle')}</title>
      {/* For assistive technology; the header already shows where you are. */}
      <h1 className={hidden.visuallyHidden}>{t('home.feedLabel')}</h1>
      {pinNotFound && (
        <p role="status" className={styles.notice}>
          {t('home.pinNotFound')}
        </p>
      )}
      {feed.status === 'pending' ? (
        <p role="status" className={styles.message}>
          {t('home.loading')}
        </p>
      ) : feed.status === 'error' ? (
        <div role="alert" className={styles.message}>
          <p>{t('home.error')}</p>
          <Button onClick={() => void feed.refetch()}>{t('home.retry')}</Button>
        </div>
      ) : (
        <PinFeed
          pins={feed.pins}
          hasMore={feed.hasMore}
          isFetchingMore={feed.isFetchingMore}
          fetchMoreFailed={feed.fetchMoreFailed}
          fetchMore={feed.fetchMore}
          label={t('home.feedLabel')}
          emptyText={t('home.empty')}
        />
      )}
    </>
  );
}
