import { useEffect } from 'react';
import { useTranslation } from '../i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { FeedTabs } from '../features/feed/FeedTabs.tsx';
import { FollowSuggestions } from '../features/feed/FollowSuggestions.tsx';
import { homeTabPath, rememberedTab, tabOfSearch } from '../features/feed/homeFeedTab.ts';
import { useFollowingFeed } from '../features/feed/useFollowingFeed.ts';
import { useHomeFeed } from '../features/feed/useHomeFeed.ts';
import { PinFeed } from '../features/pins/PinFeed.tsx';
import { useViewer } from '../features/viewer/useViewer.ts';
import { Button } from '../ui/Button.tsx';
import hidden from '../ui/VisuallyHidden.module.css';
import styles from './HomePage.module.css';

type Feed = ReturnType<typeof useHomeFeed>;

/** A feed's loading, error, and pins (or `empty` when it has none). */
function FeedView({ feed, label, empty }: { feed: Feed; label: string; empty?: React.ReactNode }) {
  const { t } = useTranslation();
  if (feed.status === 'pending') {
    return (
      <p role="status" className={styles.message}>
        {t('home.loading')}
      </p>
    );
  }
  if (feed.status === 'error') {
    return (
      <div role="alert" className={styles.message}>
        <p>{t('home.error')}</p>
        <Button onClick={() => void feed.refetch()}>{t('home.retry')}</Button>
      </div>
    );
  }
  if (empty && feed.pins.length === 0) return empty;
  return (
    <PinFeed
      pins={feed.pins}
      hasMore={feed.hasMore}
      isFetchingMore={feed.isFetchingMore}
      fetchMoreFailed={feed.fetchMoreFailed}
      fetchMore={feed.fetchMore}
      label={label}
      emptyText={t('home.empty')}
    />
  );
}

function HomeFeed() {
  const { t } = useTranslation();
  return <FeedView feed={useHomeFeed()} label={t('home.feedLabel')} />;
}

function FollowingFeed() {
  const { t } = useTranslation();
  return (
    <FeedView feed={useFollowingFeed()} label={t('home.followingLabel')} empty={<FollowSuggestions />} />
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const navigate = useNavigate();
  // A signed-out visitor sent here from a pin that does not exist (docs/product/pins.md#signed-out-access).
  const [searchParams] = useSearchParams();
  const pinNotFound = searchParams.get('error') === 'pin_not_found';
  // A signed-in person has two feeds; the URL says which, so a reload keeps it.
  const tab = viewer ? tabOfSearch(searchParams) : 'home';
  const tabAsked = searchParams.has('tab');

  // Coming back home in this browser tab opens the feed last chosen in it.
  useEffect(() => {
    if (viewer && !tabAsked && rememberedTab() === 'following') {
      void navigate(homeTabPath('following'), { replace: true });
    }
  }, [viewer, tabAsked, navigate]);

  return (
    <>
      <title>{t('home.documentTitle')}</title>
      {/* For assistive technology; the header already shows where you are. */}
      <h1 className={hidden.visuallyHidden}>
        {tab === 'following' ? t('home.followingLabel') : t('home.feedLabel')}
      </h1>
      {pinNotFound && (
        <p role="status" className={styles.notice}>
          {t('home.pinNotFound')}
        </p>
      )}
      {viewer && <FeedTabs current={tab} />}
      {tab === 'following' ? <FollowingFeed /> : <HomeFeed />}
    </>
  );
}
