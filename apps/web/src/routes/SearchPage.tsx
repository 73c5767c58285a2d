import '../features/search/words.ts';
import { useTranslation } from '../i18n.ts';
import { useLocation, useSearchParams } from 'react-router';
import { ScopeTabs } from '../features/search/ScopeTabs.tsx';
import hidden from '../ui/VisuallyHidden.module.css';
import styles from './SearchPage.module.css';
import { isHashtagQuery, searchScopeOf } from '../features/search/searchPath.ts';
import { SearchResults } from '../features/search/SearchResults.tsx';

/**
 * `/search/{pins,boards,users}/?q=`: the scope tabs and one scope's results. A hashtag query
 * (`?q=%23tag`) is the hashtag's page: '#tag' as its heading and the pins carrying it.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const scope = searchScopeOf(pathname) ?? 'pins';
  const query = (params.get('q') ?? '').trim();
  const source = params.get('rs') ?? undefined;

  if (query === '') {
    return (
      <section className={styles.prompt}>
        <title>{t('search.documentTitleNoQuery')}</title>
        <h1 className={styles.promptTitle}>{t('search.promptTitle')}</h1>
        <p>{t('search.promptBody')}</p>
      </section>
    );
  }

  const hashtag = isHashtagQuery(query);
  return (
    <>
      <title>{t('search.documentTitle', { query })}</title>
      <h1 className={hashtag ? styles.hashtagHeading : hidden.visuallyHidden}>
        {hashtag ? query : t('search.heading', { query })}
      </h1>
      <ScopeTabs query={query} current={scope} />
      {/* Keyed so a new query or scope starts from its own first page and scroll state. */}
      <SearchResults key={`${scope}:${query}`} scope={scope} query={query} source={source} />
    </>
  );
}
