import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n.ts';
import { useNavigate } from 'react-router';
import { useToast } from '../ui/toastContext.ts';
import { forgetAccount } from '../features/auth/storedAccounts.ts';
import { useViewer } from '../features/viewer/useViewer.ts';
import { changeViewer } from '../features/viewer/changeViewer.ts';
import { ReauthForm } from '../features/settings/ReauthForm.tsx';
import { SettingsLayout } from '../features/settings/SettingsLayout.tsx';
import styles from '../features/settings/Settings.module.css';
import { closeAccount } from '../features/settings/settingsApi.ts';
import { AccountInfoSection } from '../features/settings/AccountInfoSection.tsx';
import { EmailStatusSection } from '../features/settings/EmailStatusSection.tsx';
import { queries } from '../api/endpoints.ts';
import { SettingsQuery } from '../features/settings/SettingsQuery.tsx';

type Mode = 'deactivate' | 'close';
const TOAST_MS = 5000;

/**
 * `/settings/account`: the email and whether it is confirmed; language, country, gender and
 * birthday; then deactivate or close the account, with a warning and the password.
 */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <SettingsLayout title={t('settings.documentTitle.account')}>
      <h1 className={styles.title}>{t('settings.account.pageTitle')}</h1>
      <AccountSettingsSections />
      <CloseAccount />
    </SettingsLayout>
  );
}

function AccountSettingsSections() {
  const query = useQuery(queries.getUserSettings());
  return (
    <SettingsQuery query={query}>
      {(settings) => (
        <>
          {settings.email !== null && (
            <EmailStatusSection email={settings.email} verified={settings.email_verified} />
          )}
          <AccountInfoSection settings={settings} />
        </>
      )}
    </SettingsQuery>
  );
}

function CloseAccount() {
  const { t } = useTranslation();
  const headingId = useId();
  const warningId = useId();
  const { viewer } = useViewer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [mode, setMode] = useState<Mode>('deactivate');

  async function submit(password: string) {
    await closeAccount({ password, mode });
    if (viewer) forgetAccount(viewer.id);
    toast.show(mode === 'close' ? t('settings.account.closed') : t('settings.account.deactivated'), {
      durationMs: TOAST_MS,
    });
    await changeViewer(queryClient, null);
    await navigate('/', { replace: true });
  }

  return (
    <>
      <h2 className={styles.title} id={headingId}>
        {t('settings.account.title')}
      </h2>
      <ReauthForm
        submitLabel={
          mode === 'close' ? t('settings.account.submitClose') : t('settings.account.submitDeactivate')
        }
        onSubmit={submit}
      >
        <fieldset className={styles.fieldset} aria-describedby={warningId}>
          <legend>{t('settings.account.modeLegend')}</legend>
          {(['deactivate', 'close'] as const).map((value) => (
            <label key={value} className={styles.check}>
              <input
                type="radio"
                name="mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              <span>
                <strong>{t(`settings.account.${value}`)}</strong>
                <br />
                <span className={styles.note}>{t(`settings.account.${value}Text`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p id={warningId} className={styles.warning}>
          {t('settings.account.warning')}
        </p>
      </ReauthForm>
    </>
  );
}
