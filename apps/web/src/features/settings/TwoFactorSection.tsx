import type { AccountSecurity } from '@pinboard/shared/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { ReauthForm } from './ReauthForm.tsx';
import styles from './Settings.module.css';
import { setTwoFactor } from './settingsApi.ts';
import { endpointKey } from '../../api/endpoints.ts';

/** Two-factor login on or off; turning it on needs a confirmed phone, both ask for the password. */
export function TwoFactorSection({ security }: { security: AccountSecurity }) {
  const { t } = useTranslation();
  const headingId = useId();
  const noteId = useId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const enabled = security.two_factor_enabled;
  const blocked = !enabled && !security.phone_confirmed;

  async function toggle(password: string) {
    await setTwoFactor({ enabled: !enabled, password });
    setAsking(false);
    await queryClient.invalidateQueries({ queryKey: endpointKey('getAccountSecurity') });
  }

  const label = enabled ? t('settings.twoFactor.turnOff') : t('settings.twoFactor.turnOn');
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.twoFactor.title')}</h2>
      <p className={styles.note}>{t('settings.twoFactor.text')}</p>
      {/* The state line is also the live outcome: said once, after the overview is asked again. */}
      <p role="status">{enabled ? t('settings.twoFactor.on') : t('settings.twoFactor.off')}</p>
      {asking ? (
        <ReauthForm submitLabel={label} onSubmit={toggle} onCancel={() => setAsking(false)} />
      ) : (
        <div className={styles.row}>
          <Button
            variant={enabled ? 'secondary' : 'primary'}
            disabled={blocked}
            aria-describedby={blocked ? noteId : undefined}
            onClick={() => setAsking(true)}
          >
            {label}
          </Button>
        </div>
      )}
      {blocked && (
        <p id={noteId} className={styles.note}>
          {t('settings.twoFactor.needsPhone')}
        </p>
      )}
    </section>
  );
}
