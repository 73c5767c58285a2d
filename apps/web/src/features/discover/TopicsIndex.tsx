import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../profile/PageStates.tsx';
import styles from './Discover.module.css';
import { useIdeas } from './discoverApi.ts';

/** `/topics`: the popular hashtags as links to their topic pages. */
export function TopicsIndex() {
  const { t } = useTranslation();
  const ideas = useIdeas();
  return (
    <div className={styles.page}>
      <title>{t('discover.topics.documentTitle')}</title>
      <header className={styles.header}>
        <h1 className={styles.heading}>{t('discover.topics.heading')}</h1>
      </header>
      {ideas.status === 'pending' ? (
        <LoadingState text={t('discover.loading')} />
      ) : ideas.status === 'error' ? (
        <ErrorState text={t('discover.error')} onRetry={() => void ideas.refetch()} />
      ) : ideas.data.interests.length === 0 ? (
        <p className={styles.message}>{t('discover.topics.empty')}</p>
      ) : (
        <ul className={styles.topicList} aria-label={t('discover.topics.listLabel')}>
          {ideas.data.interests.map((interest) => (
            <li key={interest.name}>
              <Link to={`/topics/${encodeURIComponent(interest.name)}/`} className={styles.chip}>
                {interest.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
