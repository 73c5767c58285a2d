import { useTranslation } from '../../i18n.ts';
import { Link } from 'react-router';
import styles from './AppFooter.module.css';

// Discovery pages a visitor can wander to; each shows its own page or 'coming soon'.
const LINKS = [
  { to: '/today/', key: 'shell.footerToday' },
  { to: '/ideas/', key: 'shell.footerIdeas' },
  { to: '/videos/', key: 'shell.footerVideos' },
  { to: '/shopping/', key: 'shell.footerShopping' },
] as const;

/**
 * The site footer. In the limited variant (a visitor on the home page;
 * docs/product/site.md#header-and-footer) it is a 44 px bar fixed to the bottom, since an endless feed would
 * never let it be reached.
 */
export function AppFooter({ limited }: { limited: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className={limited ? `${styles.footer} ${styles.limited}` : styles.footer}>
      <nav aria-label={t('shell.footerNav')}>
        <ul className={styles.links}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.link}>
                {t(link.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.copyright}>{t('shell.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
