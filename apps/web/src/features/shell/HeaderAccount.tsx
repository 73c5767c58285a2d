import type { UserSummary, Viewer } from '@pinboard/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { preloadAuthModal } from '../auth/AuthModalProvider.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import { BellIcon } from './icons.tsx';
import styles from './AppHeader.module.css';

// Only signed-in people have the account menu (with the account switcher): a chunk of its own,
// into space kept for its toggle, so a visitor's first page does not carry it.
const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu.tsx')).AccountMenu }));

interface HeaderAccountProps {
  viewer: UserSummary | null;
  session: Viewer | null;
  isLoading: boolean;
}

/** The viewer's end of the header: notifications, profile and the account menu, or log in and sign up. */
export function HeaderAccount({ viewer, session, isLoading }: HeaderAccountProps) {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  const { pathname } = useLocation();
  // Nothing until the viewer is known, so a signed-in person never sees 'Log in' flash by.
  if (isLoading) return <div className={styles.account} />;

  if (!viewer) {
    const signupSource = pathname === '/' ? 'homePage' : 'defaultSource';
    return (
      <nav aria-label={t('shell.accountNav')} className={styles.account}>
        <button
          type="button"
          className={`${styles.pill} ${styles.primary}`}
          onPointerEnter={preloadAuthModal}
          onFocus={preloadAuthModal}
          onClick={() => authModal.open({ container: 'home_page', signupSource, step: 'login' })}
        >
          {t('shell.logIn')}
        </button>
        <button
          type="button"
          className={`${styles.pill} ${styles.secondary}`}
          onPointerEnter={preloadAuthModal}
          onFocus={preloadAuthModal}
          onClick={() => authModal.open({ container: 'home_page', signupSource, step: 'signup' })}
        >
          {t('shell.signUp')}
        </button>
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
      <Suspense fallback={<span className={styles.accountMenuSpace} />}>
        <AccountMenu user={viewer} session={session} />
      </Suspense>
    </nav>
  );
}
