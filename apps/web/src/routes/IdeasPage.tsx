import '../features/discover/words.ts';
import { useTranslation } from '../i18n.ts';
import { Link } from 'react-router';
import styles from '../features/discover/Discover.module.css';
import { useIdeas } from '../features/discover/discoverApi.ts';
import { DiscoverPage } from './DiscoverPage.tsx';

/** `/ideas`: the most used hashtags as tiles, each with a recent pin's picture, linking to its page. */
export function IdeasPage() {
  const { t } = useTranslation();
  return (
    <DiscoverPage
      documentTitle={t('discover.ideas.documentTitle')}
      heading={t('discover.ideas.heading')}
      intro={<p className={styles.intro}>{t('discover.ideas.intro')}</p>}
      query={useIdeas()}
      isEmpty={(ideas) => ideas.interests.length === 0}
      emptyText={t('discover.ideas.empty')}
    >
      {(ideas) => (
        <ul className={styles.tiles} aria-label={t('discover.ideas.listLabel')}>
          {ideas.interests.map((interest, index) => (
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
    </DiscoverPage>
  );
}
