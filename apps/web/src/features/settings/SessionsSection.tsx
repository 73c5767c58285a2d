import type { SessionSummary } from '@pinboard/shared/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { ApiRequestError } from '../../api/client.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { deviceOf } from './deviceName.ts';
import styles from './Settings.module.css';
import { endOtherSessions, endSession } from './settingsApi.ts';
import { endpointKey, queries } from '../../api/endpoints.ts';

/** Where the account is logged in: this device marked, 'Log out' for each other one, and everywhere. */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const { data: sessions, isPending, isError } = useQuery(queries.listSessions());
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  function deviceName(session: SessionSummary): string {
    const { browser, os } = deviceOf(session.user_agent);
    if (!browser && !os) return t('settings.sessions.unknownDevice');
    return t('settings.sessions.device', {
      browser: browser ?? t('settings.sessions.someBrowser'),
      os: os ?? t('settings.sessions.someSystem'),
    });
  }

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      setStatus(await action());
    } catch (caught) {
      setError(
        errorMessage(t, caught instanceof ApiRequestError ? caught : 'internal', 'auth.errors.generic'),
      );
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: endpointKey('listSessions') });
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.sessions.title')}</h2>
      {isPending && <p role="status">{t('settings.loading')}</p>}
      {isError && <p role="alert">{t('settings.loadFailed')}</p>}
      {sessions && (
        <ul className={styles.sessions}>
          {sessions.map((session) => {
            const name = deviceName(session);
            return (
              <li key={session.id}>
                <div>
                  <strong>{name}</strong>
                  {session.current && (
                    <span className={styles.badge}>{t('settings.sessions.thisDevice')}</span>
                  )}
                  <div className={styles.note}>
                    {t('settings.sessions.ip', { ip: session.ip })} ·{' '}
                    {session.last_seen_at
                      ? t('settings.sessions.lastSeen', {
                          date: dateFormat.format(new Date(session.last_seen_at)),
                        })
                      : t('settings.sessions.started', {
                          date: dateFormat.format(new Date(session.created_at)),
                        })}
                  </div>
                </div>
                {!session.current && (
                  <Button
                    disabled={busy}
                    aria-label={t('settings.sessions.logOutNamed', { device: name })}
                    onClick={() =>
                      void run(async () => {
                        await endSession(session.id);
                        return t('settings.sessions.endedOne');
                      })
                    }
                  >
                    {t('settings.sessions.logOut')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.row}>
        <Button
          variant="primary"
          disabled={busy}
          onClick={() =>
            void run(async () => t('settings.sessions.ended', { count: await endOtherSessions() }))
          }
        >
          {t('settings.sessions.logOutEverywhere')}
        </Button>
      </div>
      <p className={styles.note}>{t('settings.sessions.everywhereNote')}</p>
      <FormError className={styles.error}>{error}</FormError>
      <p role="status">{status}</p>
    </section>
  );
}
