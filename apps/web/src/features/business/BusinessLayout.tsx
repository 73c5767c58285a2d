import './words.ts';
import { mayActAs } from '@pinboard/shared';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useLocation } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { useAuthModal } from '../auth/authModalContext.ts';
import { useViewer } from '../viewer/useViewer.ts';
import { chooseBusinessProfile, useActiveProfile } from './activeProfile.ts';
import styles from './Business.module.css';

/**
 * The business profile switcher: shown only to a signed-in viewer with other profiles, business
 * names sorted; a profile the viewer may not act as is listed but cannot be chosen.
 */
export function ProfileSwitcher() {
  const { t } = useTranslation();
  const { profiles, active } = useActiveProfile();
  if (profiles.length < 2 || !active) return null;
  return (
    <label className={styles.switcher}>
      <span aria-hidden="true">{t('business.switcher.label')}</span>
      <select
        aria-label={t('business.switcher.label')}
        value={active.id}
        onChange={(event) => chooseBusinessProfile(event.target.value)}
      >
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id} disabled={!mayActAs(profile)}>
            {mayActAs(profile)
              ? profile.user.businessName
              : t('business.switcher.needsMfa', { name: profile.user.businessName })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The frame of the business pages: signed-in only (a visitor gets the login modal), the switcher. */
export function BusinessLayout({
  title,
  documentTitle,
  children,
  switcher = true,
}: {
  title: string;
  documentTitle: string;
  children: ReactNode;
  switcher?: boolean;
}) {
  const { t } = useTranslation();
  const { session, isLoading } = useViewer();
  const { pathname, search } = useLocation();
  const modal = useAuthModal();
  const visitor = !isLoading && session?.type !== 'AUTH';

  useEffect(() => {
    if (visitor) modal.open({ container: 'login_page', step: 'login', next: `${pathname}${search}` });
    // Once per visit of the page as a visitor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visitor]);

  if (isLoading) return <PageLoading />;
  return (
    <section className={styles.page}>
      <title>{documentTitle}</title>
      {visitor ? (
        <>
          <h1 className={styles.title}>{t('business.gate.title')}</h1>
          <Button
            variant="primary"
            onClick={() =>
              modal.open({ container: 'login_page', step: 'login', next: `${pathname}${search}` })
            }
          >
            {t('business.gate.logIn')}
          </Button>
        </>
      ) : (
        <>
          <header className={styles.header}>
            <h1 className={styles.title}>{title}</h1>
            {/* A partner account has the switcher in the site header already. */}
            {switcher && !session?.isPartner && <ProfileSwitcher />}
          </header>
          {children}
        </>
      )}
    </section>
  );
}
