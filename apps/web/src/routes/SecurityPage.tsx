import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n.ts';
import { Button } from '../ui/Button.tsx';
import { BackupCodesSection } from '../features/settings/BackupCodesSection.tsx';
import { ChangePasswordSection } from '../features/settings/ChangePasswordSection.tsx';
import { ConnectedAccountsSection } from '../features/settings/ConnectedAccountsSection.tsx';
import { EmailSection } from '../features/settings/EmailSection.tsx';
import { FIRST_PASSWORD_ID, FirstPasswordSection } from '../features/settings/FirstPasswordSection.tsx';
import { PhoneSection } from '../features/settings/PhoneSection.tsx';
import { SessionsSection } from '../features/settings/SessionsSection.tsx';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';
import styles from '../features/settings/Settings.module.css';
import { TwoFactorSection } from '../features/settings/TwoFactorSection.tsx';
import { queries } from '../api/endpoints.ts';

/**
 * `/settings/security`: email, password, phone, two-factor login, backup codes, connected
 * accounts and sessions.
 */
export function SecurityPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.documentTitle.security')}>
      <SecuritySections />
    </SettingsLayout>
  );
}

function SecuritySections() {
  const { t } = useTranslation();
  const { data: security, isPending, isError, refetch } = useQuery(queries.getAccountSecurity());
  return (
    <>
      <h1 className={styles.title}>{t('settings.security.title')}</h1>
      {isPending && <p role="status">{t('settings.loading')}</p>}
      {isError && (
        <div role="alert">
          <p>{t('settings.loadFailed')}</p>
          <Button onClick={() => void refetch()}>{t('settings.retry')}</Button>
        </div>
      )}
      {security && (
        <>
          {security.has_password && <EmailSection email={security.email} />}
          {security.has_password ? (
            <ChangePasswordSection email={security.email} />
          ) : (
            <FirstPasswordSection email={security.email} />
          )}
          <PhoneSection security={security} />
          <TwoFactorSection security={security} />
          <BackupCodesSection security={security} />
          <ConnectedAccountsSection
            email={security.email}
            setPasswordTarget={security.has_password ? undefined : FIRST_PASSWORD_ID}
          />
        </>
      )}
      <SessionsSection />
    </>
  );
}
