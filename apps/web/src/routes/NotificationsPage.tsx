import '../features/notifications/words.ts';
import { useTranslation } from '../i18n.ts';
import { Navigate } from 'react-router';
import { NotificationList } from '../features/notifications/NotificationList.tsx';
import { useViewer } from '../features/viewer/useViewer.ts';
import { LoadingState } from '../ui/PageStates.tsx';
import styles from './NotificationsPage.module.css';

/** `/notifications/`: the signed-in person's notifications (a visitor goes home). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { session, isLoading } = useViewer();
  if (isLoading) return <LoadingState />;
  if (session?.type !== 'AUTH') return <Navigate to="/" replace />;
  return (
    <section className={styles.page}>
      <title>{t('notifications.documentTitle')}</title>
      <h1 className={styles.heading}>{t('notifications.heading')}</h1>
      <NotificationList />
    </section>
  );
}
