import '../features/discover/words.ts';
import { useTranslation } from '../i18n.ts';
import { Link, useParams } from 'react-router';
import { PinFeed } from '../features/pins/PinFeed.tsx';
import { PIN_PAGE_SIZE, usePinPages } from '../features/pins/usePinPages.ts';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';
import styles from '../features/discover/Discover.module.css';
import { api, endpointKey } from '../api/endpoints.ts';
import { TopicsIndex } from './TopicsIndex.tsx';

/** A hashtag's page: its public pins, newest first, by bookmark pages. */
function TopicPins({ name }: { name: string }) {
  const { t } = useTranslation();
  const pins = usePinPages(
    endpointKey('listTopicPins', { params: { name }, query: { page_size: PIN_PAGE_SIZE } }),
    (page, signal) => api.listTopicPins({ params: { name }, query: page }, { signal }),
  );
  return (
    <div className={styles.page}>
      <title>{t('discover.topic.documentTitle', { name })}</title>
      <header className={styles.header}>
        <h1 className={styles.heading}>{t('discover.topic.heading', { name })}</h1>
        <p className={styles.links}>
          <Link to={`/search/pins/?q=${encodeURIComponent(`#${name}`)}`}>
            {t('discover.topic.searchLink', { name })}
          </Link>
          <Link to="/ideas/">{t('discover.topic.allTopics')}</Link>
        </p>
      </header>
      {pins.status === 'pending' ? (
        <LoadingState text={t('discover.loading')} />
      ) : pins.status === 'error' ? (
        <ErrorState text={t('discover.error')} onRetry={() => void pins.refetch()} />
      ) : (
        <PinFeed
          pins={pins.pins}
          hasMore={pins.hasMore}
          isFetchingMore={pins.isFetchingMore}
          fetchMoreFailed={pins.fetchMoreFailed}
          fetchMore={pins.fetchMore}
          label={t('discover.topic.pinsLabel', { name })}
          emptyText={t('discover.topic.empty', { name })}
        />
      )}
    </div>
  );
}

/** The name a path gives: hashtags are stored in lower case; a trailing slash or more is ignored. */
function topicName(segment: string | undefined): string {
  return (segment ?? '').split('/')[0]!.toLowerCase();
}

/** `/ideas/{interest}/{id}`: the interest (a hashtag) by its name; the id only makes the path. */
export function InterestPage() {
  const { interest } = useParams();
  const name = topicName(interest);
  // Keyed so another interest starts from its own first page and scroll state.
  return <TopicPins key={name} name={name} />;
}

/** `/topics` lists the topics; `/topics/{name}` is one topic's pins. */
export function TopicsPage() {
  const name = topicName(useParams()['*']);
  return name === '' ? <TopicsIndex /> : <TopicPins key={name} name={name} />;
}
