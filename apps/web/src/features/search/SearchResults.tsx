import type { Board, Pin, SearchScope, UserProfile } from '@pinboard/shared';
import { ADVISORY_SEVERITIES } from '@pinboard/shared/search-advisories';
import { useTranslation } from '../../i18n.ts';
import { BoardGrid } from '../boards/BoardGrid.tsx';
import { PinFeed } from '../pins/PinFeed.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { AdvisoryNotice } from './AdvisoryNotice.tsx';
import { MoreResults } from './MoreResults.tsx';
import styles from './SearchResults.module.css';
import { UserResultCard } from './UserResultCard.tsx';
import { useSearchResults } from './useSearchResults.ts';

interface SearchResultsProps {
  scope: SearchScope;
  query: string;
  source?: string;
}

type Result = Pin | Board | UserProfile;

/**
 * One scope's results for a query: the advisory's notice first when the query has one, then the
 * pins' masonry grid, the board cards or the people. An abusive term (severity 0) shows its
 * notice and no results.
 */
export function SearchResults({ scope, query, source }: SearchResultsProps) {
  const { t } = useTranslation();
  const results = useSearchResults<Result>(scope, query, source);

  if (results.status === 'pending') return <LoadingState text={t('search.loading')} />;
  if (results.status === 'error') {
    return <ErrorState text={t('search.error')} onRetry={() => void results.refetch()} />;
  }

  const { advisory } = results;
  const label = t(`search.resultsLabel.${scope}`, { query });
  const emptyText = t(`search.empty.${scope}`, { query });
  const notice = advisory && <AdvisoryNotice advisory={advisory} />;
  if (advisory?.severity === ADVISORY_SEVERITIES.ABUSIVE) return notice;

  if (scope === 'pins') {
    return (
      <>
        {notice}
        <PinFeed
          pins={results.items as Pin[]}
          hasMore={results.hasMore}
          isFetchingMore={results.isFetchingMore}
          fetchMoreFailed={results.fetchMoreFailed}
          fetchMore={results.fetchMore}
          label={label}
          emptyText={emptyText}
        />
      </>
    );
  }

  return (
    <>
      {notice}
      {results.items.length === 0 ? (
        <p className={styles.message}>{emptyText}</p>
      ) : scope === 'boards' ? (
        <BoardGrid boards={results.items as Board[]} label={label} showOwners />
      ) : (
        <ul className={styles.people} aria-label={label}>
          {(results.items as UserProfile[]).map((user) => (
            <li key={user.id}>
              <UserResultCard user={user} />
            </li>
          ))}
        </ul>
      )}
      <MoreResults
        hasMore={results.hasMore}
        isFetchingMore={results.isFetchingMore}
        fetchMoreFailed={results.fetchMoreFailed}
        fetchMore={results.fetchMore}
      />
    </>
  );
}
