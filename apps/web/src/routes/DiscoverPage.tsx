import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n.ts';
import { ErrorState, LoadingState } from '../ui/PageStates.tsx';
import styles from '../features/discover/Discover.module.css';

interface DiscoverPageProps<T> {
  documentTitle: string;
  heading: string;
  /** Under the heading: an intro line or links. */
  intro?: ReactNode;
  query: UseQueryResult<T>;
  /** An answer with nothing to list shows `emptyText` instead of `children`. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** A discover page's frame: its title and heading, then its list once loaded (or why not). */
export function DiscoverPage<T>({
  documentTitle,
  heading,
  intro,
  query,
  isEmpty,
  emptyText,
  children,
}: DiscoverPageProps<T>) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <title>{documentTitle}</title>
      <header className={styles.header}>
        <h1 className={styles.heading}>{heading}</h1>
        {intro}
      </header>
      {query.status === 'pending' ? (
        <LoadingState text={t('discover.loading')} />
      ) : query.status === 'error' ? (
        <ErrorState text={t('discover.error')} onRetry={() => void query.refetch()} />
      ) : isEmpty?.(query.data) ? (
        <p className={styles.message}>{emptyText}</p>
      ) : (
        children(query.data)
      )}
    </div>
  );
}
