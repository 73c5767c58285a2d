import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { queries } from '../api/endpoints.ts';
import { NotificationsForm } from '../features/settings/NotificationsForm.tsx';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';
import styles from '../features/settings/Settings.module.css';
import { SettingsQuery } from '../features/settings/SettingsQuery.tsx';

/** `/settings/notifications`: what the person hears about, by email and on their devices. */
export function NotificationsSettingsPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('accountSettings.documentTitle.notifications')}>
      <h1 className={styles.title}>{t('accountSettings.notifications.title')}</h1>
      <p>{t('accountSettings.notifications.intro')}</p>
      <NotificationChoices />
    </SettingsLayout>
  );
}

function NotificationChoices() {
  const query = useQuery(queries.getNotificationSettings());
  return <SettingsQuery query={query}>{(data) => <NotificationsForm settings={data} />}</SettingsQuery>;
}
