import { useTranslation } from '../../i18n.ts';
import { Link, NavLink } from 'react-router';
import { useViewer } from '../viewer/useViewer.ts';
import { HeaderAccount } from './HeaderAccount.tsx';
import { HeaderSearch } from './HeaderSearch.tsx';
import { LogoMark, PlusIcon } from './icons.tsx';
import { useHideOnScroll } from './useHideOnScroll.ts';
import styles from './AppHeader.module.css';

/**
 * The 64 px bar on every page: logo, Home, create, search and the viewer's entries. It slides away while the
 * page scrolls down and comes back on the way up (docs/product/site.md#header-and-footer); keyboard focus
 * inside it always brings it back (see the CSS).
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { viewer, session, isLoading } = useViewer();
  const visible = useHideOnScroll();

  return (
    <header className={styles.header} data-hidden={visible ? undefined : ''}>
      <Link to="/" className={styles.logo} aria-label={t('app.homeLink')}>
        <LogoMark />
        <span className={styles.wordmark} aria-hidden="true">
          {t('app.name')}
        </span>
      </Link>
      <nav aria-label={t('shell.mainNav')} className={styles.mainNav}>
        <NavLink to="/" end className={styles.navLink}>
          {t('shell.home')}
        </NavLink>
        <Link
          to="/pin-builder"
          className={`${styles.pill} ${styles.create}`}
          aria-label={t('shell.createLabel')}
        >
          <PlusIcon />
          <span className={styles.createText}>{t('shell.create')}</span>
        </Link>
      </nav>
      <HeaderSearch />
      <HeaderAccount viewer={viewer} session={session} isLoading={isLoading} />
    </header>
  );
}
