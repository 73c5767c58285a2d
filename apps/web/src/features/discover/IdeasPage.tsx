import './words.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../profile/PageStates.tsx';
import styles from './Discover.module.css';
import { useIdeas } from './discoverApi.ts';

/** `/ideas`: the most used hashtags as tiles, each with a recent pin's picture, linking to its page. */
export function IdeasPage() {
  const { t } = useTranslation();
  const ideas = useIdeas();
  return (
    <div className={styles.page}>
      <title>{t('discover.ideas.documentTitle')}</title>
      <header className={styles.header}>
        <h1 className={styles.heading}>{t('discover.ideas.heading')}</h1>
        <p className={styles.intro}>{t('discover.ideas.intro')}</p>
      </header>
      {ideas.status === 'pending' ? (
        <LoadingState text={t('discover.loading')} />
      ) : ideas.status === 'error' ? (
        <ErrorState text={t('discover.error')} onRetry={() => void ideas.refetch()} />
      ) : ideas.data.interests.length === 0 ? (
        <p className={styles.message}>{t('discover.ideas.empty')}</p>
      ) : (
        <ul className={styles.tiles} aria-label={t('discover.ideas.listLabel')}>
          {ideas.data.interests.map((interest, index) => (
            <li key={interest.name}>
              <Link
                to={interest.url}
                className={styles.tile}
                style={{ backgroundColor: interest.cover.dominant_color }}
              >
                <img
                  src={interest.cover.images['236x'].url}
                  srcSet={`${interest.cover.images['236x'].url} 236w, ${interest.cover.images['474x'].url} 474w`}
                  sizes="(max-width: 600px) 50vw, 240px"
                  alt=""
                  // The first row is above the fold; the rest wait until scrolled to.
                  loading={index < 6 ? 'eager' : 'lazy'}
                />
                <span className={styles.tileName}>{interest.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
