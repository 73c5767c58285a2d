import type { UserSummary } from '@pinboard/shared';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { BellIcon } from './icons.tsx';
import styles from './AppHeader.module.css';

interface HeaderAccountProps {
  viewer: UserSummary | null;
  isLoading: boolean;
}

/** The viewer's end of the header: notifications and profile, or log in and sign up. */
export function HeaderAccount({ viewer, isLoading }: HeaderAccountProps) {
  const { t } = useTranslation();
  // Nothing until the viewer is known, so a signed-in person never sees 'Log in' flash by.
  if (isLoading) return <div className={styles.account} />;

  if (!viewer) {
    return (
      <nav aria-label={t('shell.accountNav')} className={styles.account}>
        <Link to="/login/" className={`${styles.pill} ${styles.primary}`}>
          {t('shell.logIn')}
        </Link>
        <Link to="/signup/" className={`${styles.pill} ${styles.secondary}`}>
          {t('shell.signUp')}
        </Link>
      </nav>
    );
  }

  return (
    <nav aria-label={t('shell.accountNav')} className={styles.account}>
      <NavLink to="/notifications/" className={styles.iconLink} aria-label={t('shell.notifications')}>
        <BellIcon />
      </NavLink>
      <NavLink to={`/${viewer.username}/`} end className={styles.iconLink} aria-label={t('shell.profile')}>
        <PinnerAvatar user={viewer} size={32} />
      </NavLink>
    </nav>
  );
}
