import type { AccountSettings, PrivacyKey } from '@pinboard/shared/account-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { api, endpointKey, queries } from '../../api/endpoints.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { SettingsQuery } from './SettingsQuery.tsx';
import styles from './Settings.module.css';

/**
 * Privacy switches, each saved as it is flipped (`updateUserSettings`); a failed save
 * puts the switch back and says why.
 */
export function PrivacySwitches({ keys }: { keys: readonly PrivacyKey[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(queries.getUserSettings());
  const [status, setStatus] = useState<string | null>(null);
  const [saving, setSaving] = useState<PrivacyKey | null>(null);
  const baseId = useId();

  async function flip(key: PrivacyKey, value: boolean) {
    setSaving(key);
    setStatus(null);
    const key_ = endpointKey('getUserSettings');
    queryClient.setQueryData<AccountSettings>(key_, (old) => (old ? { ...old, [key]: value } : old));
    try {
      const { data } = await api.updateUserSettings({ body: { [key]: value } });
      queryClient.setQueryData(key_, data);
      setStatus(t('accountSettings.privacy.saved'));
    } catch (error) {
      queryClient.setQueryData<AccountSettings>(key_, (old) => (old ? { ...old, [key]: !value } : old));
      setStatus(errorMessage(t, error, 'auth.errors.generic'));
    } finally {
      setSaving(null);
    }
  }

  return (
    <SettingsQuery query={query}>
      {(settings) => (
        <>
          {keys.map((key) => (
            <div key={key} className={styles.switch}>
              <input
                id={`${baseId}-${key}`}
                type="checkbox"
                role="switch"
                checked={settings[key]}
                disabled={saving === key}
                aria-describedby={`${baseId}-${key}-text`}
                onChange={(event) => void flip(key, event.target.checked)}
              />
              <span>
                <label htmlFor={`${baseId}-${key}`}>
                  <strong>{t(`accountSettings.privacy.${key}`)}</strong>
                </label>
                <br />
                <span id={`${baseId}-${key}-text`} className={styles.note}>
                  {t(`accountSettings.privacy.${key}Text`)}
                </span>
              </span>
            </div>
          ))}
          <p role="status">{status}</p>
        </>
      )}
    </SettingsQuery>
  );
}
