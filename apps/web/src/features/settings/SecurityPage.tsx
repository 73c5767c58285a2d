import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { BackupCodesSection } from './BackupCodesSection.tsx';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { ConnectedAccountsSection } from './ConnectedAccountsSection.tsx';
import { EmailSection } from './EmailSection.tsx';
import { FIRST_PASSWORD_ID, FirstPasswordSection } from './FirstPasswordSection.tsx';
import { PhoneSection } from './PhoneSection.tsx';
import { SessionsSection } from './SessionsSection.tsx';
import { SettingsLayout } from './SettingsLayout.tsx';
import styles from './Settings.module.css';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { securityQuery } from './settingsKeys.ts';

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
  const { data: security, isPending, isError, refetch } = useQuery(securityQuery());
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
