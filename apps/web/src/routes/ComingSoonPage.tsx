import { matchWebRoute } from '@pinboard/shared/routes';
import { useTranslation } from '../i18n.ts';
import { Link, useLocation } from 'react-router';
import styles from './StatusPage.module.css';

/**
 * The page of every catalogued route whose feature comes later: it says what is coming,
 * so a person who follows a link there never meets a blank page.
 */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const feature = matchWebRoute(pathname)?.route.feature;

  return (
    <section className={styles.page}>
      <title>{t('comingSoon.documentTitle')}</title>
      <h1 className={styles.title}>{t('comingSoon.title')}</h1>
      {feature && <p>{t('comingSoon.body', { feature: t(`comingSoon.features.${feature}`) })}</p>}
      <p>{t('comingSoon.meanwhile')}</p>
      <Link to="/" className={styles.link}>
        {t('comingSoon.home')}
      </Link>
    </section>
  );
}
