import type { UserSummary, Viewer } from '@pinboard/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n.ts';
import { NavLink, useLocation } from 'react-router';
import { preloadAuthModal } from '../auth/AuthModalProvider.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { PinnerAvatar } from '../pins/PinnerAvatar.tsx';
import styles from './AppHeader.module.css';

// Only signed-in people have the account menu (with the account switcher): a chunk of its own,
// into space kept for its toggle, so a visitor's first page does not carry it.
const AccountMenu = lazy(async () => ({ default: (await import('./AccountMenu.tsx')).AccountMenu }));
// Messages and notifications (with their live stream) are a signed-in person's too: chunks of
// their own, drawn into space of their size.
const MessagesButton = lazy(async () => ({
  default: (await import('../messages/MessagesButton.tsx')).MessagesButton,
}));
const NotificationBell = lazy(async () => ({
  default: (await import('../notifications/NotificationBell.tsx')).NotificationBell,
}));
// The business profile switcher, for partner accounts only (decision 55): shown once it knows the
// account has other profiles; its own chunk, so no one else's page carries it.
const ProfileSwitcher = lazy(async () => ({
  default: (await import('../business/BusinessLayout.tsx')).ProfileSwitcher,
}));

interface HeaderAccountProps {
  viewer: UserSummary | null;
  session: Viewer | null;
  isLoading: boolean;
}

/** The viewer's end of the header: messages, notifications, profile and the account menu, or log in and sign up. */
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
      <Suspense fallback={<span className={styles.iconLink} />}>
        <MessagesButton unread={session?.unread_conversations ?? 0} className={styles.iconLink} />
      </Suspense>
      {session?.isPartner && (
        <Suspense fallback={null}>
          <ProfileSwitcher />
        </Suspense>
      )}
      <Suspense fallback={<span className={styles.iconLink} />}>
        <NotificationBell
          userId={viewer.id}
          unread={session?.unread_notifications ?? 0}
          className={styles.iconLink}
        />
      </Suspense>
      <NavLink to={`/${viewer.username}/`} end className={styles.iconLink} aria-label={t('shell.profile')}>
        <PinnerAvatar user={viewer} size={32} />
      </NavLink>
      <Suspense fallback={<span className={styles.accountMenuSpace} />}>
        <AccountMenu user={viewer} session={session} />
      </Suspense>
    </nav>
  );
}
