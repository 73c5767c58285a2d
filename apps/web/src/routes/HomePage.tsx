import { useTranslation } from 'react-i18next';
import { PinGrid } from '../features/feed/PinGrid.tsx';
import { useHomeFeed } from '../features/feed/useHomeFeed.ts';
import { Button } from '../ui/Button.tsx';
import styles from './HomePage.module.css';

export function HomePage() {
  const { t } = useTranslation();
  const feed = useHomeFeed();

  return (
    <>
      <title>{t('home.documentTitle')}</title>
      <h1 className={styles.visuallyHidden}>{t('home.feedLabel')}</h1>
      {feed.isPending ? (
        <p role="status" className={styles.message}>
          {t('home.loading')}
        </p>
      ) : feed.isError ? (
        <div role="alert" className={styles.message}>
          <p>{t('home.error')}</p>
          <Button onClick={() => void feed.refetch()}>{t('home.retry')}</Button>
        </div>
      ) : feed.data.length === 0 ? (
        <p className={styles.message}>{t('home.empty')}</p>
      ) : (
        <>
          <PinGrid pins={feed.data} label={t('home.feedLabel')} />
          <div className={styles.footer}>
            {feed.hasNextPage ? (
              <Button
                variant="primary"
                onClick={() => void feed.fetchNextPage()}
                disabled={feed.isFetchingNextPage}
              >
                {feed.isFetchingNextPage ? t('home.loadingMore') : t('home.loadMore')}
              </Button>
            ) : (
              <p className={styles.end}>{t('home.end')}</p>
            )}
            {feed.isFetchNextPageError && (
              <p role="alert" className={styles.end}>
                {t('home.error')}
              </p>
            )}
          </div>
        </>
      )}
    </>
  );
}
