import './words.ts';
import {
  BUSINESS_NAME_MAX,
  QUICK_PROMOTE_COUNTRY_CODES,
  type BusinessForm as BusinessFormValues,
} from '@pinboard/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import styles from './Business.module.css';

/** A country's name in the page's language (its code where the browser has no name for it). */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The business details: name, country (the ad account's country, currency and time zone follow
 * from it and never change) and an optional website. The country starts as the viewer's.
 */
export function BusinessForm({
  submitLabel,
  onSubmit,
}: {
  submitLabel: string;
  onSubmit: (values: BusinessFormValues) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const { session } = useViewer();
  const here = session?.client_context.country ?? 'US';
  const [name, setName] = useState('');
  const [country, setCountry] = useState(QUICK_PROMOTE_COUNTRY_CODES.includes(here) ? here : 'US');
  const [website, setWebsite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        business_name: name,
        country,
        ...(website.trim() && { website_url: website.trim() }),
      });
    } catch (failure) {
      setError(errorMessage(t, failure, 'business.promote.errorGeneric', { otherwise: 'serverDetail' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <TextField
        label={t('business.form.businessName')}
        value={name}
        maxLength={BUSINESS_NAME_MAX}
        required
        onChange={(event) => setName(event.target.value)}
      />
      <label className={styles.select}>
        <span>{t('business.form.country')}</span>
        <select value={country} onChange={(event) => setCountry(event.target.value)}>
          {QUICK_PROMOTE_COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {countryName(code, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={t('business.form.website')}
        type="url"
        placeholder={t('business.form.websitePlaceholder')}
        value={website}
        onChange={(event) => setWebsite(event.target.value)}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={busy || name.trim() === ''}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
