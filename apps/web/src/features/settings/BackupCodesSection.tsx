import type { AccountSecurity } from '@pinboard/shared/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { ReauthForm } from './ReauthForm.tsx';
import styles from './Settings.module.css';
import { createBackupCodes } from './settingsApi.ts';
import { endpointKey } from '../../api/endpoints.ts';

/**
 * Backup codes, the stronger alternative to texts: a new set behind the password, shown once
 * (kept only in this component's state) with copy and download.
 */
export function BackupCodesSection({ security }: { security: AccountSecurity }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (codes) list.current?.focus();
  }, [codes]);

  async function generate(password: string) {
    setCodes(await createBackupCodes({ password }));
    setAsking(false);
    void queryClient.invalidateQueries({ queryKey: endpointKey('getAccountSecurity') });
  }

  const text = codes ? `${t('settings.backup.fileHeader')}\n\n${codes.join('\n')}\n` : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('settings.backup.copied'));
    } catch {
      setStatus(t('settings.backup.copyFailed'));
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'pinboard-backup-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('settings.backup.title')}</h2>
      <p className={styles.note}>{t('settings.backup.text')}</p>
      {codes ? (
        <div ref={list} tabIndex={-1}>
          <p role="alert">{t('settings.backup.shownOnce')}</p>
          <ul className={styles.codes} aria-label={t('settings.backup.listLabel')}>
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <div className={styles.row}>
            <Button onClick={() => void copy()}>{t('settings.backup.copy')}</Button>
            <Button onClick={download}>{t('settings.backup.download')}</Button>
            <Button
              variant="primary"
              onClick={() => {
                setCodes(null);
                setStatus(null);
              }}
            >
              {t('settings.backup.done')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p>
            {security.backup_codes_left > 0
              ? t('settings.backup.left', { count: security.backup_codes_left })
              : t('settings.backup.none')}
          </p>
          {asking ? (
            <ReauthForm
              submitLabel={t('settings.backup.generate')}
              onSubmit={generate}
              onCancel={() => setAsking(false)}
            />
          ) : (
            <div className={styles.row}>
              <Button onClick={() => setAsking(true)}>{t('settings.backup.generate')}</Button>
            </div>
          )}
          {security.backup_codes_left > 0 && (
            <p className={styles.note}>{t('settings.backup.generateNote')}</p>
          )}
        </>
      )}
      <p role="status">{status}</p>
    </section>
  );
}
