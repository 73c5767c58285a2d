import { Link } from 'react-router';
import { errorMessage } from '../../api/errorMessage.ts';
import { useTranslation } from '../../i18n.ts';
import styles from './Business.module.css';
import './words.ts';

/**
 * What an ad account's page shows when the account cannot be read (not found, or the viewer has no
 * role on its business): the server's words and the way back to the business hub.
 */
export function AdvertiserRefused({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <section className={styles.section}>
      <p role="alert" className={styles.error}>
        {errorMessage(t, error, 'business.promote.errorGeneric', { otherwise: 'serverDetail' })}
      </p>
      <Link to="/business/hub">{t('business.adsManager.hub')}</Link>
    </section>
  );
}
