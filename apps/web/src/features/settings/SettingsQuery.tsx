import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';

/** A settings answer's section: loading, failed with a retry, or drawn from the data. */
export function SettingsQuery<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState text={t('settings.loading')} />;
  if (query.isError)
    return <ErrorState text={t('settings.loadFailed')} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
