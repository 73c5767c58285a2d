import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import styles from '../features/discover/Discover.module.css';
import { useIdeas } from '../features/discover/discoverApi.ts';
import { DiscoverPage } from './DiscoverPage.tsx';

/** `/topics`: the popular hashtags as links to their topic pages. */
export function TopicsIndex() {
  const { t } = useTranslation();
  return (
    <DiscoverPage
      documentTitle={t('discover.topics.documentTitle')}
      heading={t('discover.topics.heading')}
      query={useIdeas()}
      isEmpty={(ideas) => ideas.interests.length === 0}
      emptyText={t('discover.topics.empty')}
    >
      {(ideas) => (
        <ul className={styles.topicList} aria-label={t('discover.topics.listLabel')}>
          {ideas.interests.map((interest) => (
            <li key={interest.name}>
              <Link to={`/topics/${encodeURIComponent(interest.name)}/`} className={styles.chip}>
                {interest.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DiscoverPage>
  );
}
