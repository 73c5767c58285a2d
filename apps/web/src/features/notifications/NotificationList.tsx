import type { Viewer } from '@pinboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n.ts';
import { queries } from '../../api/endpoints.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import { useMarkSeenWhenShown, useNotifications } from './useNotifications.ts';
import './words.ts';
import styles from './Notifications.module.css';

/**
 * The signed-in viewer's notifications; showing them marks them seen. `newestOnly` (the bell's
 * panel) shows the first page without 'Show more': its 'See all' leads to the page.
 */
export function NotificationList({ newestOnly = false }: { newestOnly?: boolean }) {
  const { t } = useTranslation();
  const list = useNotifications();
  const { data: viewer } = useQuery({ ...queries.getViewer(), staleTime: Infinity });
  useMarkSeenWhenShown(list.status === 'success', (viewer as Viewer | undefined)?.unread_notifications ?? 0);

  if (list.status === 'pending') return <LoadingState />;
  if (list.status === 'error')
    return <ErrorState onRetry={() => void list.refetch()} text={t('notifications.loadError')} />;
  if (list.items.length === 0) return <p className={styles.empty}>{t('notifications.empty')}</p>;
  return (
    <>
      <ul className={styles.list} aria-label={t('notifications.listLabel')}>
        {list.items.map((item) => (
          <NotificationItem key={item.id} item={item} />
        ))}
      </ul>
      {list.hasMore && !newestOnly && (
        <Button className={styles.more} disabled={list.isFetchingMore} onClick={list.fetchMore}>
          {t('notifications.more')}
        </Button>
      )}
    </>
  );
}
