import './words.ts';
import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import { NotificationList } from './NotificationList.tsx';
import styles from './NotificationBell.module.css';

interface NotificationPanelProps {
  headingId: string;
}

/**
 * The desktop panel under the bell (its own chunk, loaded when the bell is first pointed at or
 * opened): the newest notifications as the page lists them, invitations with Accept and Decline,
 * and 'See all' for the page. Showing it marks them seen, as the page does.
 */
export function NotificationPanel({ headingId }: NotificationPanelProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelHeading}>
          {t('notifications.heading')}
        </h2>
        <Link to="/notifications/" className={styles.seeAll}>
          {t('notifications.seeAll')}
        </Link>
      </div>
      <NotificationList newestOnly />
    </>
  );
}
